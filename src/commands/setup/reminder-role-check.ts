// The role `/setup reminders set role:` names, checked before it is saved so `/remind on` does not fail on it
// later (docs/architecture.md, "Tournament reminders"): a role the bot can give, as a tier role must be.
import type { BotDependencies } from "../bot-dependencies.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { findBotTopRole } from "../../roles/explain-role-refusal.js";
import { readRoleHierarchy } from "../../roles/read-role-hierarchy.js";
import { isRoleBelow } from "../../roles/role-order.js";

export async function checkReminderRole(
  deps: BotDependencies,
  guildId: string,
  roleId: string,
): Promise<void> {
  if (roleId === guildId) {
    throw new UserFacingError(
      "everyone_role",
      "@everyone cannot be the reminder role: members opt in by taking the role. Pick another role, or leave `role:` out to post without a ping.",
    );
  }
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
  if (top === undefined || !isRoleBelow(role, top)) {
    const mine = top === undefined ? "my role" : `my role <@&${top.id}>`;
    throw new UserFacingError(
      "role_above_bot",
      `<@&${roleId}> sits above ${mine}, and I can only give roles below my highest role. In Server Settings → Roles, drag ${mine} above it, then run this again.`,
    );
  }
}
