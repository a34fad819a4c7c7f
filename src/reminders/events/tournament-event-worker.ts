// The worker that keeps tournaments' scheduled events in line with Discord (docs/architecture.md, "Tournament
// events"): a definition on the claiming worker, taking due rows under a lease (claimDueRows), so two instances
// never sync one event at once, and a restart picks up where the last one stopped.
import { createClaimingWorker, type ClaimingWorker } from "../../worker/claiming-worker.js";
import {
  claimDueTournamentEvents,
  readNextTournamentEventLeaseEnd,
} from "../../store/tournament-event-lease.js";
import { syncTournamentEvent, type EventSyncOutcome } from "./sync-tournament-event.js";
import type { TournamentEventDeps } from "./tournament-event-deps.js";

export type TournamentEventWorker = ClaimingWorker<EventSyncOutcome>;

export function createTournamentEventWorker(
  deps: TournamentEventDeps & { readonly batchSize?: number },
): TournamentEventWorker {
  const { db, clock, owner } = deps;
  return createClaimingWorker({
    name: "the tournament event worker",
    units: "tournament events",
    logger: deps.logger,
    clock,
    pollIntervalMs: deps.config.outbox.pollIntervalMs,
    batchSize: deps.batchSize ?? 10,
    async claim(room) {
      const now = clock.now();
      const { leaseMs } = deps.config.outbox;
      const events = await claimDueTournamentEvents(db, { owner, now, leaseMs, limit: room });
      // Counted on this worker's clock from before the claim, as the outbox worker does.
      return events.map((event) => ({ event, leaseEndsAt: now + leaseMs }));
    },
    handle: async ({ event, leaseEndsAt }) => {
      const outcome = await syncTournamentEvent(deps, event, () => clock.now() < leaseEndsAt);
      deps.logger.debug(
        { guildId: event.guildId, tournamentId: event.tournamentId, outcome },
        "synced a tournament event",
      );
      return outcome;
    },
    readNextLeaseEnd: (claimedAt) =>
      readNextTournamentEventLeaseEnd(db, { owner, now: clock.now(), claimedAt }),
  });
}
