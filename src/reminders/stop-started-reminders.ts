// What a started tournament does for reminders, in the transaction that stores its event (docs/architecture.md,
// "Tournament reminders"): none is sent late. The operator's event reaches every server; a server's own endpoint
// is signed with a secret its admins chose, so its event stops that server's reminders only.
import {
  eachStoredEvent,
  nothingQueued,
  type EventStoredSubscriber,
} from "../store/event-stored-subscribers.js";
import { markTournamentStarted } from "../store/tournament-reminders.js";

/** Queues nothing: skipping a scheduled reminder leaves no work for a worker. */
export const stopStartedReminders: EventStoredSubscriber = eachStoredEvent(async (trx, event, context) => {
  if (event.kind === "system.tournament_started") {
    await markTournamentStarted(trx, {
      tournamentId: event.data.tournamentId,
      guildId: context.guildId,
      now: context.now,
    });
  }
  return nothingQueued;
});
