// A role an admin names for the bot to give (a tier role, or the reminder role), checked before it is saved
// so giving it does not fail later (docs/architecture.md, "Tier roles", "Tournament reminders"): not
// @everyone, not a bot's or integration's, below the bot's highest role, and the bot allowed to give roles.
import { PermissionFlagsBits } from "discord-api-types/v10";
import type { BotDependencies } from "../bot-dependencies.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { findBotTopRole, readBotPermissions, type RoleHierarchy } from "../../roles/explain-role-refusal.js";
import { readRoleHierarchy } from "../../roles/read-role-hierarchy.js";
import { isRoleBelow } from "../../roles/role-order.js";

/** What the refusals say that depends on the command: why @everyone will not do, and how to try again. */
export interface GivableRoleWording {
  readonly everyoneRole: string;
  /** Ends the "sits above my role" refusal, e.g. "map it again". */
  readonly tryAgain: string;
}

/** The role, as the server has it, and the hierarchy it was checked in. */
export interface GivableRole {
  readonly role: RoleHierarchy["roles"][number];
  readonly hierarchy: RoleHierarchy;
}

export async function checkGivableRole(
  deps: BotDependencies,
  guildId: string,
  roleId: string,
  wording: GivableRoleWording,
): Promise<GivableRole> {
  if (roleId === guildId) throw new UserFacingError("everyone_role", wording.everyoneRole);
  const hierarchy = await readRoleHierarchy(deps, guildId);
  const role = hierarchy.roles.find((candidate) => candidate.id === roleId);
  if (role === undefined) throw new UserFacingError("unknown_role", "I can't find that role. Pick another.");
  if (role.managed) {
    throw new UserFacingError(
      "managed_role",
      `<@&${roleId}> belongs to a bot or an integration, so I can't give it. Pick another role.`,
    );
  }
  const top = findBotTopRole(hierarchy);
  const mine = top === undefined ? "my role" : `my role <@&${top.id}>`;
  const permissions = readBotPermissions(hierarchy);
  if ((permissions & (PermissionFlagsBits.ManageRoles | PermissionFlagsBits.Administrator)) === 0n) {
    throw new UserFacingError(
      "missing_manage_roles",
      `I lack the **Manage Roles** permission, so I can't give <@&${roleId}>. In Server Settings → Roles, give ${mine} Manage Roles, then ${wording.tryAgain}.`,
    );
  }
  if (top === undefined || !isRoleBelow(role, top)) {
    throw new UserFacingError(
      "role_above_bot",
      `<@&${roleId}> sits above ${mine}, and I can only give roles below my highest role. In Server Settings → Roles, drag ${mine} above it, then ${wording.tryAgain}.`,
    );
  }
  return { role, hierarchy };
}
