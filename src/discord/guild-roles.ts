// The Discord requests tier roles make (docs/architecture.md, "Tier roles"), through the shared
// @discordjs/rest client, which keeps each route's rate limit. Every change carries its reason, which Discord
// shows in the server's audit log (the X-Audit-Log-Reason header).
import type { REST } from "@discordjs/rest";
import { Routes, type APIGuildMember, type APIRole } from "discord-api-types/v10";

/** Discord's cap on an audit-log reason. */
const maxReasonLength = 512;

const withReason = (reason: string) => ({ reason: reason.slice(0, maxReasonLength) });

export async function fetchGuildMember(rest: REST, guildId: string, userId: string): Promise<APIGuildMember> {
  return (await rest.get(Routes.guildMember(guildId, userId))) as APIGuildMember;
}

export async function addMemberRole(
  rest: REST,
  input: {
    readonly guildId: string;
    readonly userId: string;
    readonly roleId: string;
    readonly reason: string;
  },
): Promise<void> {
  await rest.put(Routes.guildMemberRole(input.guildId, input.userId, input.roleId), withReason(input.reason));
}

export async function removeMemberRole(
  rest: REST,
  input: {
    readonly guildId: string;
    readonly userId: string;
    readonly roleId: string;
    readonly reason: string;
  },
): Promise<void> {
  await rest.delete(
    Routes.guildMemberRole(input.guildId, input.userId, input.roleId),
    withReason(input.reason),
  );
}

export async function fetchGuildRoles(rest: REST, guildId: string): Promise<APIRole[]> {
  return (await rest.get(Routes.guildRoles(guildId))) as APIRole[];
}

export async function createGuildRole(
  rest: REST,
  input: { readonly guildId: string; readonly name: string; readonly color: number; readonly reason: string },
): Promise<APIRole> {
  return (await rest.post(Routes.guildRoles(input.guildId), {
    // No permissions and no ping: a tier role is a badge.
    body: { name: input.name, color: input.color, permissions: "0", hoist: false, mentionable: false },
    ...withReason(input.reason),
  })) as APIRole;
}

/** Modify Guild Role Positions: the roles listed move, Discord shifts the others. */
export async function moveGuildRoles(
  rest: REST,
  input: {
    readonly guildId: string;
    readonly positions: readonly { readonly id: string; readonly position: number }[];
    readonly reason: string;
  },
): Promise<void> {
  await rest.patch(Routes.guildRoles(input.guildId), { body: input.positions, ...withReason(input.reason) });
}
