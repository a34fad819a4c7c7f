// The reminder role and the tier roles must differ (docs/architecture.md, "Tier roles", "Tournament
// reminders"): a tier role sync takes a mapped role from every member outside its tier, so a reminder role
// that is also a tier role would be taken from the members who opted in with `/remind on`.
import type { BotDependencies } from "../bot-dependencies.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { formatTier } from "../../display/tier.js";
import { plainText } from "../../display/platform-text.js";
import { findReminderSettings } from "../../store/reminder-settings.js";
import { listTierRoles } from "../../store/tier-roles.js";

/** Refuses a reminder role that stands for a tier. */
export async function refuseTierRoleForReminders(
  deps: Pick<BotDependencies, "db">,
  guildId: string,
  roleId: string,
): Promise<void> {
  const mapping = (await listTierRoles(deps.db, guildId)).find((each) => each.roleId === roleId);
  if (mapping === undefined) return;
  throw new UserFacingError(
    "tier_role_for_reminders",
    `<@&${roleId}> is the tier role of **${plainText(formatTier(mapping.tier))}**: tier roles are taken from ` +
      "members outside their tier, so members who opt in with `/remind on` would lose it. Pick another role, " +
      "or leave `role:` out to post without a ping.",
  );
}

/** Refuses a tier role that is the reminder role. */
export async function refuseReminderRoleForTier(
  deps: Pick<BotDependencies, "db">,
  guildId: string,
  roleId: string,
): Promise<void> {
  if ((await findReminderSettings(deps.db, guildId))?.roleId !== roleId) return;
  throw new UserFacingError(
    "reminder_role_for_tier",
    `<@&${roleId}> is the tournament reminder role, which members take with \`/remind on\`; as a tier role it ` +
      "would be taken from every member outside that tier. Pick another role.",
  );
}
