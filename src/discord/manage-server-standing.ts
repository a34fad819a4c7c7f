// Whether a member still holds Manage Server, read through the bot's REST access (docs/architecture.md,
// "Tournament reminders"): work an admin set up with their own credential goes on only while they are still
// an admin. Server-wide permissions, as Discord computes them without a channel: the owner holds every one;
// anyone else holds those of @everyone and of each of their roles, and Administrator implies the rest.
import { DiscordAPIError, type REST } from "@discordjs/rest";
import {
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  Routes,
  type APIGuild,
  type APIGuildMember,
} from "discord-api-types/v10";

/** holds: a member with Manage Server (or Administrator, or the owner); lacks: a member without; left: not a member. */
export type ManageServerStanding = "holds" | "lacks" | "left";

/** Two requests: the member (their roles), then the server (its roles' permissions and its owner). */
export async function readManageServerStanding(
  rest: REST,
  member: { readonly guildId: string; readonly userId: string },
): Promise<ManageServerStanding> {
  let roleIds: readonly string[];
  try {
    roleIds = ((await rest.get(Routes.guildMember(member.guildId, member.userId))) as APIGuildMember).roles;
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownMember) return "left";
    throw error;
  }
  const guild = (await rest.get(Routes.guild(member.guildId))) as Pick<APIGuild, "owner_id" | "roles">;
  if (guild.owner_id === member.userId) return "holds";
  const held = new Set([member.guildId, ...roleIds]);
  let permissions = 0n;
  for (const role of guild.roles) if (held.has(role.id)) permissions |= BigInt(role.permissions);
  const granting = PermissionFlagsBits.ManageGuild | PermissionFlagsBits.Administrator;
  return (permissions & granting) === 0n ? "lacks" : "holds";
}
