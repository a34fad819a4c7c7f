// The replay check on POST /interactions (docs/architecture.md, "Commands" step 1) sits on the answer's path,
// which Discord cuts off after 3 s: each id is one write of the store's batcher (write-batcher.ts), so a burst
// of interactions shares one commit instead of queueing one fsync behind another.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import { withinBudget } from "../discord/within-budget.js";
import type { Database } from "../store/database.js";
import { recordInteractionWrite } from "../store/seen-interactions.js";
import { batchedWritesOf } from "../store/write-batcher.js";

/**
 * True the first time an interaction id is offered, here or on any instance sharing the database; rejects
 * with ReplayRecordTimedOut when the record has not committed within `budgetMs`.
 */
export type ReplayGuard = (interactionId: string) => Promise<boolean>;

/**
 * How long the record may take: Discord drops an interaction not answered within 3 s, and a write waits up to
 * the 5 s busy timeout for another process's lock (a backup, a migration, a sqlite3 shell).
 */
export const replayRecordBudgetMs = 1000;

/** The replay record did not commit in time: the route answers as for a database that cannot write. */
export class ReplayRecordTimedOut extends Error {
  override readonly name = "ReplayRecordTimedOut";
}

export function createReplayGuard(
  db: Kysely<Database>,
  clock: Clock,
  budgetMs = replayRecordBudgetMs,
): ReplayGuard {
  const runBatched = batchedWritesOf(db);
  // Only the first of an id repeated within one batch records it; the others are its replays.
  return async (id) => {
    // A record that comes later (its lock released) is dropped with the interaction: Discord never resends it.
    const first = await withinBudget(runBatched(recordInteractionWrite, { id, now: clock.now() }), budgetMs);
    if (first === undefined)
      throw new ReplayRecordTimedOut(`The interaction's replay record took over ${String(budgetMs)} ms`);
    return first;
  };
}
