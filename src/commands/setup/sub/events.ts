// `/setup events on|off` (docs/architecture.md, "Tournament events"). The events come from a read of the open
// tournaments: the reminders' read when the server has reminders, else a read of their own with the linked
// account of the admin who turned them on, so that admin must be linked, as for `/setup reminders set`.
import { PermissionFlagsBits } from "discord-api-types/v10";
import type { BotDependencies } from "../../bot-dependencies.js";
import { formatDuration } from "../../../display/duration.js";
import { plainText } from "../../../display/platform-text.js";
import { getMemberSession } from "../../../linking/member-credential.js";
import { findReminderSettings } from "../../../store/reminder-settings.js";
import { disableTournamentEvents, enableTournamentEvents } from "../../../store/tournament-event-settings.js";
import type { SubcommandContext } from "../setup-arguments.js";

/** The subcommand, answered privately. */
export async function runEventsOn(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  // Unlinked, or needing to sign in again: refused with the link prompt before anything is saved.
  const { link } = await getMemberSession(deps, actor);
  await enableTournamentEvents(deps.db, {
    guildId: actor.guildId,
    enabledBy: actor.userId,
    now: deps.clock.now(),
  });
  deps.wakeTournamentEvents?.();
  const reminders = await findReminderSettings(deps.db, actor.guildId);
  const every = formatDuration(deps.config.reminders.pollMs / 1000);
  const account = `your linked account (**${plainText(link.platformUsername)}**)`;
  const lines = [
    "Tournament events are on: each open tournament becomes an event in the Events tab (the nearest 100), " +
      "moved when its start moves and removed if it is cancelled.",
    lacksCreateEvents(actor.appPermissions)
      ? "⚠️ I lack the **Create Events** permission, so no event can be made yet: grant it to my role " +
        "(Server Settings → Roles), then run `/setup events on` again."
      : "I need the **Create Events** permission (Server Settings → Roles, my role); without it the admins are told.",
    reminders === undefined
      ? `I read the open tournaments every ${every} with ${account}; if it stops working, admins are told.`
      : reminders.linkProblem === null
        ? `Reminders' read of the open tournaments every ${every}, with <@${reminders.configuredBy}>'s linked ` +
          `account, brings them; if reminders are turned off, or that read is on hold, I read them with ${account}.`
        : `Reminders' read of the open tournaments, with <@${reminders.configuredBy}>'s account, is on hold, ` +
          `so I read them every ${every} with ${account} until it works again.`,
  ];
  await responder.reply({ content: lines.join("\n"), ephemeral: true });
}

/**
 * Whether the bot's permissions this interaction carries (`app_permissions`, computed in its channel) lack
 * what making an event takes: Create Events (or Administrator); Manage Events only changes events. False when
 * Discord sent none.
 */
function lacksCreateEvents(appPermissions: bigint | undefined): boolean {
  if (appPermissions === undefined) return false;
  return (appPermissions & (PermissionFlagsBits.CreateEvents | PermissionFlagsBits.Administrator)) === 0n;
}

export async function runEventsOff(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const wasOn = await disableTournamentEvents(deps.db, { guildId: actor.guildId, now: deps.clock.now() });
  deps.wakeTournamentEvents?.();
  // Said now: once events are off, no notice reaches the admins if Discord refuses a deletion.
  const content = wasOn
    ? "Tournament events are off. The events I made that are not over yet are being removed.\n" +
      "That takes my **Manage Events** or **Create Events** permission; without it I keep trying for about " +
      "a day, then leave them for you to delete."
    : "Tournament events were already off.";
  await responder.reply({ content, ephemeral: true });
}
