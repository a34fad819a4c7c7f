// When Discord refuses a role change with 50013, say exactly what to fix (docs/architecture.md, "Tier roles"):
// the permission to grant, or which roles to move below the bot's highest role. Discord gives the same code
// for both, so the bot reads the server's roles and its own to tell them apart.
import { PermissionFlagsBits, type APIRole } from "discord-api-types/v10";
import { compareRolesHighestFirst, isRoleBelow } from "./role-order.js";

export interface RoleHierarchy {
  readonly guildId: string;
  readonly roles: readonly Pick<
    APIRole,
    "id" | "name" | "position" | "permissions" | "managed" | "mentionable"
  >[];
  /** The roles the bot's own member holds. */
  readonly botRoleIds: readonly string[];
}

export type RoleRefusal =
  | { readonly kind: "missing-manage-roles"; readonly botRoleId: string | undefined }
  | {
      readonly kind: "roles-above-bot";
      readonly botRoleId: string | undefined;
      readonly roleIds: readonly string[];
    }
  | { readonly kind: "unexplained" };

/** The bot's highest role: the one whose position decides which roles it may give. */
export function findBotTopRole(hierarchy: RoleHierarchy): Pick<APIRole, "id" | "position"> | undefined {
  const held = new Set(hierarchy.botRoleIds);
  return hierarchy.roles.filter((role) => held.has(role.id)).sort(compareRolesHighestFirst)[0];
}

/** The bot's server-wide permissions: those of @everyone and of every role it holds. */
export function readBotPermissions(hierarchy: RoleHierarchy): bigint {
  const held = new Set([hierarchy.guildId, ...hierarchy.botRoleIds]);
  let permissions = 0n;
  for (const role of hierarchy.roles) if (held.has(role.id)) permissions |= BigInt(role.permissions);
  return permissions;
}

/**
 * Whether the bot's mention of `role` notifies its members: Discord does so only when the role allows anyone to
 * mention it, or the sender may mention every role (Mention @everyone, @here and All Roles, or Administrator).
 * Server-wide: a channel's permission overwrites are not read (docs/architecture.md, "Tournament reminders").
 */
export function canPingRole(role: Pick<APIRole, "mentionable">, hierarchy: RoleHierarchy): boolean {
  const permissions = readBotPermissions(hierarchy);
  return (
    role.mentionable ||
    (permissions & (PermissionFlagsBits.MentionEveryone | PermissionFlagsBits.Administrator)) !== 0n
  );
}

export function explainRoleRefusal(hierarchy: RoleHierarchy, tierRoleIds: readonly string[]): RoleRefusal {
  const permissions = readBotPermissions(hierarchy);
  const top = findBotTopRole(hierarchy);
  const botRoleId = top?.id;
  const canManage =
    (permissions & PermissionFlagsBits.Administrator) !== 0n ||
    (permissions & PermissionFlagsBits.ManageRoles) !== 0n;
  if (!canManage) return { kind: "missing-manage-roles", botRoleId };
  const blocked = hierarchy.roles
    .filter((role) => tierRoleIds.includes(role.id) && (top === undefined || !isRoleBelow(role, top)))
    .sort(compareRolesHighestFirst)
    .map((role) => role.id);
  return blocked.length > 0
    ? { kind: "roles-above-bot", botRoleId, roleIds: blocked }
    : { kind: "unexplained" };
}

/** The words for the admins: what to change in Server Settings → Roles, then how to resume. */
export function describeRoleRefusal(
  refusal: RoleRefusal,
  detail: string,
  lead = "I paused tier roles",
): string {
  const myRole = (botRoleId: string | undefined) =>
    botRoleId === undefined ? "my role" : `my role <@&${botRoleId}>`;
  const resume = "then run `/setup roles sync` to resume.";
  switch (refusal.kind) {
    case "missing-manage-roles":
      return (
        `${lead}: I lack the **Manage Roles** permission. In Server Settings → Roles, give ` +
        `${myRole(refusal.botRoleId)} Manage Roles, ${resume}`
      );
    case "roles-above-bot": {
      const roles = refusal.roleIds.map((id) => `<@&${id}>`).join(", ");
      return (
        `${lead}: ${roles} ${refusal.roleIds.length === 1 ? "sits" : "sit"} above ` +
        `${myRole(refusal.botRoleId)}, and I can only give roles below my highest role. In Server Settings → ` +
        `Roles, drag ${myRole(refusal.botRoleId)} above ${roles} (or move ${refusal.roleIds.length === 1 ? "it" : "them"} ` +
        `below mine), ${resume}`
      );
    }
    case "unexplained":
      return (
        `${lead}: Discord refused a role change (${detail}). Check that I have Manage Roles and ` +
        `that my role sits above every tier role, ${resume}`
      );
  }
}
