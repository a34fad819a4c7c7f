import type { FastifyInstance, FastifyRequest } from "fastify";
import { auditLogEvent, readAuditLogReason, type AuditLogChange } from "../audit-log.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { discordLimits } from "../validation/discord-limits.js";
import { readRoleBody, readRolePositions } from "../validation/validate-role.js";
import { highestRole, listRolesHighestFirst } from "../world/role-hierarchy.js";
import { renderRole } from "../world/render-world.js";
import type { FakeRole } from "../world/world-types.js";
import {
  requireAssignableRole,
  requireGrantablePermissions,
  requireRole,
  requireRoleBelowBot,
  requireRoleManager,
} from "./role-access.js";

type GuildRequest = FastifyRequest<{ Params: { guildId: string } }>;
type RoleRequest = FastifyRequest<{ Params: { guildId: string; roleId: string } }>;

/** A guild's roles: list, create, edit, move and delete (docs: Resources, Guild). */
export function registerRoleRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const { world } = state;
  const audit = (
    request: FastifyRequest,
    guildId: string,
    actionType: number,
    targetId: string,
    changes: AuditLogChange[],
  ) =>
    state.auditLog.record({
      guildId,
      actionType,
      userId: world.botUser.id,
      targetId,
      reason: readAuditLogReason(request.headers["x-audit-log-reason"]),
      changes,
    });

  app.get("/guilds/:guildId/roles", (request: GuildRequest) => {
    const guild = world.guilds.get(request.params.guildId);
    if (guild === undefined) throw new DiscordHttpError("unknownGuild");
    return [...guild.roles.values()].map(renderRole);
  });

  // A new role lands at position 1, just above @everyone, and takes @everyone's permissions unless given.
  app.post("/guilds/:guildId/roles", (request: GuildRequest) => {
    const manager = requireRoleManager(state, request.params.guildId);
    const { guild } = manager;
    const fields = readRoleBody(request.body ?? {});
    if (guild.roles.size >= discordLimits.rolesPerGuild) throw new DiscordHttpError("maximumRoles");
    const permissions = fields.permissions ?? guild.roles.get(guild.id)?.permissions ?? 0n;
    requireGrantablePermissions(manager, permissions);
    const role = world.roles.create(guild, {
      ...fields,
      name: fields.name ?? "new role",
      permissions,
      position: 1,
    });
    audit(request, guild.id, auditLogEvent.roleCreate, role.id, describeRole(role, "newValue"));
    return renderRole(role);
  });

  app.patch("/guilds/:guildId/roles/:roleId", (request: RoleRequest) => {
    const manager = requireRoleManager(state, request.params.guildId);
    const role = requireRoleBelowBot(manager, requireRole(manager.guild, request.params.roleId));
    const changes = readRoleBody(request.body ?? {});
    if (changes.permissions !== undefined) requireGrantablePermissions(manager, changes.permissions);
    const before = { ...role };
    world.roles.update(manager.guild, role, changes);
    const changed = Object.keys(changes).map((key) => ({
      key,
      oldValue: auditValue(before[key as keyof typeof changes]),
      newValue: auditValue(role[key as keyof typeof changes]),
    }));
    audit(request, manager.guild.id, auditLogEvent.roleUpdate, role.id, changed);
    return renderRole(role);
  });

  // Each listed role moves in turn; the bot may move only roles below its highest, and only to below it.
  app.patch("/guilds/:guildId/roles", (request: GuildRequest) => {
    const manager = requireRoleManager(state, request.params.guildId);
    const { guild } = manager;
    for (const { id, position } of readRolePositions(request.body)) {
      const role = requireRoleBelowBot(manager, requireRole(guild, id));
      if (role.id === guild.id) throw new DiscordHttpError("invalidRole");
      if (position === null) continue;
      const top = highestRole(guild, manager.bot);
      if (guild.ownerId !== manager.bot.userId && top !== undefined && position >= top.position)
        throw new DiscordHttpError("missingPermissions");
      world.roles.move(guild, role, position);
      audit(request, guild.id, auditLogEvent.roleUpdate, role.id, [{ key: "position", newValue: position }]);
    }
    return listRolesHighestFirst(guild).map(renderRole);
  });

  app.delete("/guilds/:guildId/roles/:roleId", async (request: RoleRequest, reply) => {
    const manager = requireRoleManager(state, request.params.guildId);
    const role = requireAssignableRole(manager, requireRole(manager.guild, request.params.roleId));
    world.roles.delete(manager.guild, role);
    audit(request, manager.guild.id, auditLogEvent.roleDelete, role.id, describeRole(role, "oldValue"));
    return reply.code(204).send();
  });
}

function describeRole(role: FakeRole, side: "newValue" | "oldValue"): AuditLogChange[] {
  return (["name", "permissions", "color", "hoist", "mentionable"] as const).map((key) => ({
    key,
    [side]: auditValue(role[key]),
  }));
}

/** Permissions travel as strings in the audit log, as everywhere in the API. */
function auditValue(value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}
