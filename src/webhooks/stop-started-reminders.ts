// What a started tournament does for reminders, in the transaction that stores its event (docs/architecture.md,
// "Tournament reminders"): none is sent late. The operator's event reaches every server; a server's own endpoint
// is signed with a secret its admins chose, so its event stops that server's reminders only.
import type { Kysely } from "kysely";
import type { KnownPlatformEvent } from "../events/platform-event.js";
import type { Database } from "../store/database.js";
import { markTournamentStarted } from "../store/tournament-reminders.js";
import { routingGuildOf, type EventSource } from "./event-source.js";

/** Returns how many scheduled reminders were skipped. */
export async function stopStartedReminders(
  trx: Kysely<Database>,
  event: KnownPlatformEvent,
  input: { readonly source: EventSource; readonly now: number },
): Promise<number> {
  if (event.kind !== "system.tournament_started") return 0;
  return markTournamentStarted(trx, {
    tournamentId: event.data.tournamentId,
    guildId: routingGuildOf(input.source),
    now: input.now,
  });
}
