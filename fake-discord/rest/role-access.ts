import { PermissionFlagsBits } from "discord.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { computeMemberPermissions } from "../world/permissions.js";
import { outranksRole } from "../world/role-hierarchy.js";
import type { FakeGuild, FakeMember, FakeRole } from "../world/world-types.js";

/** The bot acting on a guild's roles: its member and its guild permissions. */
export interface RoleManager {
  guild: FakeGuild;
  bot: FakeMember;
  permissions: bigint;
}

/**
 * The guild of a role route and the bot's standing in it: 10004 for an unknown guild, 403 50013 without
 * Manage Roles (Administrator and ownership grant it, as every permission).
 */
export function requireRoleManager(state: FakeDiscordState, guildId: string): RoleManager {
  const guild = state.world.guilds.get(guildId);
  const bot = guild?.members.get(state.world.botUser.id);
  if (guild === undefined || bot === undefined) throw new DiscordHttpError("unknownGuild");
  const permissions = computeMemberPermissions(guild, bot);
  if ((permissions & PermissionFlagsBits.ManageRoles) === 0n)
    throw new DiscordHttpError("missingPermissions");
  return { guild, bot, permissions };
}

export function requireRole(guild: FakeGuild, roleId: string): FakeRole {
  const role = guild.roles.get(roleId);
  if (role === undefined) throw new DiscordHttpError("unknownRole");
  return role;
}

/** A role the bot may edit, move or delete: ranked below its highest role, else 403 50013. */
export function requireRoleBelowBot(manager: RoleManager, role: FakeRole): FakeRole {
  if (!outranksRole(manager.guild, manager.bot, role)) throw new DiscordHttpError("missingPermissions");
  return role;
}

/**
 * A role the bot may give, take or delete: below its highest role and not managed by an integration
 * (another bot's role), else 403 50013. @everyone is every member's already: 400 50028 Invalid Role.
 */
export function requireAssignableRole(manager: RoleManager, role: FakeRole): FakeRole {
  if (role.id === manager.guild.id) throw new DiscordHttpError("invalidRole");
  if (role.managed) throw new DiscordHttpError("missingPermissions");
  return requireRoleBelowBot(manager, role);
}

/** A role may carry only permissions the bot has itself (docs: Topics, Permissions — Permission Hierarchy). */
export function requireGrantablePermissions(manager: RoleManager, permissions: bigint): void {
  if ((permissions & ~manager.permissions) !== 0n) throw new DiscordHttpError("missingPermissions");
}
