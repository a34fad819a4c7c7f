// The reminders' read of the open tournaments, used a second time (docs/architecture.md, "Tournament events"):
// a server that shows tournaments as scheduled events has its rows brought in line, and the event worker
// then syncs them with Discord. While it shows a started tournament's event, the active tournaments are read
// too, and keep that event's end truthful.
import { listedIdsOf, type OpenTournaments } from "../read-open-tournaments.js";
import type { ReminderDeps } from "../reminder-deps.js";
import { findTournamentEventSettings } from "../../store/tournament-event-settings.js";
import {
  syncTournamentEventRows,
  type EventRowsRead,
  type TournamentEventSync,
} from "../../store/tournament-event-row-sync.js";
import { followLiveTournamentEvents, type LiveEventSync } from "../../store/tournament-event-ends.js";
import { liveEventTiming } from "./live-event-timing.js";
import { maxShownEvents, planTournamentEvents } from "./plan-tournament-events.js";

export type GuildEventSync = TournamentEventSync & Partial<LiveEventSync>;

/**
 * Undefined when the server does not show tournaments as events (checked again in the store's commit), or
 * reminders were turned off since their read `claimed` began; "overtaken" when a read claimed after `claimed`
 * already wrote the rows (tournament-event-row-sync.ts, takeEventRowsTurn).
 */
export async function syncGuildTournamentEvents(
  deps: ReminderDeps,
  input: {
    readonly guildId: string;
    readonly read: OpenTournaments;
    /** Read only while the server shows a started tournament's event. */
    readonly active: OpenTournaments | undefined;
    readonly now: number;
    /** The read, named on the settings that own it: it writes nothing once a later one wrote. */
    readonly claimed?: EventRowsRead;
  },
): Promise<GuildEventSync | "overtaken" | undefined> {
  if ((await findTournamentEventSettings(deps.db, input.guildId)) === undefined) return undefined;
  const plan = planTournamentEvents({
    tournaments: input.read.tournaments,
    durationMs: deps.config.reminders.eventDurationMs,
  });
  // A tournament listed but unreadable (no start, no title) is still open: its event is left as it is.
  const openIds = new Set([...plan.openIds, ...listedIdsOf(input.read)]);
  const sync = await syncTournamentEventRows(deps.db, {
    guildId: input.guildId,
    wanted: plan.wanted,
    openIds,
    complete: input.read.complete,
    now: input.now,
    limit: maxShownEvents,
    ...(input.claimed === undefined ? {} : { read: input.claimed }),
  });
  if (sync === undefined || sync === "overtaken" || input.active === undefined) return sync;
  const live = await followLiveTournamentEvents(deps.db, {
    guildId: input.guildId,
    activeIds: listedIdsOf(input.active),
    openIds,
    // Absent from both lists means over only when both were read to their last page.
    complete: input.active.complete && input.read.complete,
    now: input.now,
    ...liveEventTiming(deps.config.reminders.pollMs),
  });
  return live === undefined ? sync : { ...sync, ...live };
}

/** Whether a sync left work for the event worker. */
export function hasEventWork(sync: GuildEventSync | undefined): boolean {
  if (sync === undefined) return false;
  const live = (sync.extended ?? 0) + (sync.ended ?? 0);
  return sync.created + sync.changed + sync.started + sync.deleted + live > 0;
}
