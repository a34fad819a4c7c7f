// The replay check on POST /interactions (docs/architecture.md, "Commands" step 1) sits on the answer's path,
// which Discord cuts off after 3 s. On SQLite each insert is a commit with its own fsync, which better-sqlite3
// waits for on the event loop, so a burst of interactions would queue one fsync behind another: the ids that
// arrive together are recorded in one statement, and one commit, instead.
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Database } from "../store/database.js";
import { readDialect } from "../store/dialect.js";
import { recordInteraction, recordInteractions } from "../store/seen-interactions.js";

/** True the first time an interaction id is offered, here or on any instance sharing the database. */
export type ReplayGuard = (interactionId: string) => Promise<boolean>;

/** Bounds one statement's size (and how long its first request waits behind the others). */
const maxBatchSize = 128;

interface Waiting {
  readonly id: string;
  readonly resolve: (first: boolean) => void;
  readonly reject: (error: unknown) => void;
}

/** Batched on SQLite; on PostgreSQL one insert each, since its pool runs them side by side. */
export function createReplayGuard(db: Kysely<Database>, clock: Clock): ReplayGuard {
  if (readDialect(db) !== "sqlite") return (id) => recordInteraction(db, { id, now: clock.now() });
  const waiting: Waiting[] = [];
  let flushing = false;

  const flushSoon = (): void => {
    if (flushing) return;
    flushing = true;
    // setImmediate lets every request already read in this turn of the event loop join the batch.
    setImmediate(() => {
      void recordWaiting(db, clock, waiting).finally(() => {
        flushing = false;
        if (waiting.length > 0) flushSoon();
      });
    });
  };

  return (id) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      flushSoon();
    });
}

async function recordWaiting(db: Kysely<Database>, clock: Clock, waiting: Waiting[]): Promise<void> {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, maxBatchSize);
    try {
      const recorded = await recordInteractions(db, { ids: batch.map((item) => item.id), now: clock.now() });
      // Only the first request of an id repeated within the batch takes it; the others are its replays.
      for (const item of batch) item.resolve(recorded.delete(item.id));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}
