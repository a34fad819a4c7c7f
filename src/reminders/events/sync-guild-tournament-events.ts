// The reminders' read of the open tournaments, used a second time (docs/architecture.md, "Tournament events"):
// a server that shows tournaments as scheduled events has its rows brought in line, and the event worker
// then syncs them with Discord.
import type { OpenTournaments } from "../read-open-tournaments.js";
import type { ReminderDeps } from "../reminder-deps.js";
import { findTournamentEventSettings } from "../../store/tournament-event-settings.js";
import { syncTournamentEventRows, type TournamentEventSync } from "../../store/tournament-event-row-sync.js";
import { maxShownEvents, planTournamentEvents } from "./plan-tournament-events.js";

/** Undefined when the server does not show tournaments as events (checked again in the store's commit). */
export async function syncGuildTournamentEvents(
  deps: ReminderDeps,
  input: { readonly guildId: string; readonly read: OpenTournaments; readonly now: number },
): Promise<TournamentEventSync | undefined> {
  if ((await findTournamentEventSettings(deps.db, input.guildId)) === undefined) return undefined;
  const plan = planTournamentEvents({
    tournaments: input.read.tournaments,
    durationMs: deps.config.reminders.eventDurationMs,
  });
  return syncTournamentEventRows(deps.db, {
    guildId: input.guildId,
    ...plan,
    complete: input.read.complete,
    now: input.now,
    limit: maxShownEvents,
  });
}

/** Whether a sync left work for the event worker. */
export function hasEventWork(sync: TournamentEventSync | undefined): boolean {
  return sync !== undefined && sync.created + sync.changed + sync.started + sync.deleted > 0;
}
