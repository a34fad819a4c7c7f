import type { APIRole } from "discord-api-types/v10";
import { fetchGuildMember, fetchGuildRoles } from "../discord/guild-roles.js";
import type { RoleHierarchy } from "./explain-role-refusal.js";
import type { RoleDeps } from "./role-deps.js";

/** The server's roles (as Discord gives them) and the bot's own: what role creation and refusal notices reason about. */
export async function readRoleHierarchy(
  deps: Pick<RoleDeps, "rest" | "applicationId">,
  guildId: string,
): Promise<RoleHierarchy & { readonly roles: readonly APIRole[] }> {
  const [roles, bot] = await Promise.all([
    fetchGuildRoles(deps.rest, guildId),
    fetchGuildMember(deps.rest, guildId, deps.applicationId),
  ]);
  return { guildId, roles, botRoleIds: bot.roles };
}
