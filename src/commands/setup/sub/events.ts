// `/setup events on|off` (docs/architecture.md, "Tournament events"). The events come from the reminders' read
// of the open tournaments, so without reminders set up the answer says what else to run.
import type { BotDependencies } from "../../bot-dependencies.js";
import { findReminderSettings } from "../../../store/reminder-settings.js";
import { disableTournamentEvents, enableTournamentEvents } from "../../../store/tournament-event-settings.js";
import type { SubcommandContext } from "../setup-arguments.js";

/** The subcommand, answered privately. */
export async function runEventsOn(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  await enableTournamentEvents(deps.db, {
    guildId: actor.guildId,
    enabledBy: actor.userId,
    now: deps.clock.now(),
  });
  deps.wakeTournamentEvents?.();
  const reading = (await findReminderSettings(deps.db, actor.guildId)) !== undefined;
  const lines = [
    "Tournament events are on: each open tournament becomes an event in the Events tab (the nearest 100), " +
      "moved when its start moves and removed if it is cancelled.",
    "I need the **Create Events** permission (Server Settings → Roles, my role); without it the admins are told.",
  ];
  if (!reading) {
    lines.push(
      "The events come from the open tournaments that reminders read with an admin's linked account: run " +
        "`/setup reminders set` to start reading them.",
    );
  }
  await responder.reply({ content: lines.join("\n"), ephemeral: true });
}

export async function runEventsOff(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
): Promise<void> {
  const wasOn = await disableTournamentEvents(deps.db, { guildId: actor.guildId, now: deps.clock.now() });
  deps.wakeTournamentEvents?.();
  const content = wasOn
    ? "Tournament events are off. The events I made that are not over yet are being removed."
    : "Tournament events were already off.";
  await responder.reply({ content, ephemeral: true });
}
