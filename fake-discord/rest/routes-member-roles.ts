import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { auditLogEvent, readAuditLogReason } from "../audit-log.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { requireAssignableRole, requireRole, requireRoleManager } from "./role-access.js";

type MemberRoleRequest = FastifyRequest<{ Params: { guildId: string; userId: string; roleId: string } }>;

/**
 * Add Guild Member Role and Remove Guild Member Role (docs: Resources, Guild): 204 either way, also when
 * the member already had (or lacked) the role; only a real change is told as GUILD_MEMBER_UPDATE.
 */
export function registerMemberRoleRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const change = (request: MemberRoleRequest, reply: FastifyReply, key: "$add" | "$remove") => {
    const manager = requireRoleManager(state, request.params.guildId);
    const { guild } = manager;
    const role = requireRole(guild, request.params.roleId);
    const member = guild.members.get(request.params.userId);
    if (member === undefined) throw new DiscordHttpError("unknownMember");
    requireAssignableRole(manager, role);
    const changed =
      key === "$add"
        ? state.world.roles.addToMember(guild, member, role)
        : state.world.roles.removeFromMember(guild, member, role);
    if (changed) {
      state.auditLog.record({
        guildId: guild.id,
        actionType: auditLogEvent.memberRoleUpdate,
        userId: state.world.botUser.id,
        targetId: member.userId,
        reason: readAuditLogReason(request.headers["x-audit-log-reason"]),
        changes: [{ key, newValue: [{ id: role.id, name: role.name }] }],
      });
    }
    return reply.code(204).send();
  };

  const route = "/guilds/:guildId/members/:userId/roles/:roleId";
  app.put(route, async (request: MemberRoleRequest, reply) => change(request, reply, "$add"));
  app.delete(route, async (request: MemberRoleRequest, reply) => change(request, reply, "$remove"));
}
