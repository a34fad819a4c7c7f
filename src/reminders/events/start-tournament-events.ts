// What a started tournament does for its scheduled events, in the transaction that stores its event
// (docs/architecture.md, "Tournament events"): they become active. The operator's event reaches every server, a
// server's own endpoint only that server.
import {
  eachStoredEvent,
  nothingQueued,
  type EventStoredSubscriber,
} from "../../store/event-stored-subscribers.js";
import { markTournamentEventsStarted } from "../../store/tournament-event-row-sync.js";

/** Reports in `tournamentEventsQueued` how many events are due to be made active. */
export const startTournamentEvents: EventStoredSubscriber = eachStoredEvent(async (trx, event, context) => {
  if (event.kind !== "system.tournament_started") return nothingQueued;
  const started = await markTournamentEventsStarted(trx, {
    tournamentId: event.data.tournamentId,
    guildId: context.guildId,
    now: context.now,
  });
  return { tournamentEventsQueued: started };
});
