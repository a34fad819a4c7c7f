// Durable ingest at more than one fsync's worth of events per second (docs/architecture.md, "Webhooks in"
// step 4, "Performance targets"). SQLite commits one transaction at a time, and better-sqlite3 blocks the
// event loop for each commit's fsync (synchronous=FULL), so deliveries that arrive together share one
// transaction and one commit, and only then is any of them answered.
import type { Kysely } from "kysely";
import type { Database } from "../store/database.js";
import type { EventStoredSubscriber } from "../store/event-stored-subscribers.js";
import { readDialect } from "../store/dialect.js";
import {
  dropStaleDelivery,
  ingestEvent,
  prepareDelivery,
  storeDelivery,
  type IngestDependencies,
  type IngestResult,
  type PreparedDelivery,
  type VerifiedDelivery,
} from "./ingest-event.js";
import { RoutingReads } from "./route-event.js";

export type Ingester = (delivery: VerifiedDelivery) => Promise<IngestResult>;

/**
 * Group commit on SQLite; on PostgreSQL one transaction per delivery, since the pool runs them side by side
 * and PostgreSQL groups concurrent commits itself.
 */
export function createIngester(deps: IngestDependencies): Ingester {
  return readDialect(deps.db) === "sqlite"
    ? createGroupCommitIngester(deps)
    : (delivery) => ingestEvent(deps, delivery);
}

/** Bounds how long one transaction holds the database (and how long its first delivery waits). */
const maxBatchSize = 64;

interface Waiting {
  readonly delivery: PreparedDelivery;
  readonly resolve: (result: IngestResult) => void;
  readonly reject: (error: unknown) => void;
}

export function createGroupCommitIngester(deps: IngestDependencies): Ingester {
  const waiting: Waiting[] = [];
  let flushing = false;

  const flushSoon = (): void => {
    if (flushing) return;
    flushing = true;
    // setImmediate lets every request already read in this turn of the event loop join the batch.
    setImmediate(() => {
      void commitBatches(deps.db, deps.subscribers, waiting).finally(() => {
        flushing = false;
        // A delivery may have arrived between the last batch and this line.
        if (waiting.length > 0) flushSoon();
      });
    });
  };

  return (delivery) => {
    const prepared = prepareDelivery(delivery, deps.clock.now());
    // A stale event needs no database, so it waits for no batch.
    const stale = dropStaleDelivery(prepared);
    if (stale !== undefined) return Promise.resolve(stale);
    return new Promise<IngestResult>((resolve, reject) => {
      waiting.push({ delivery: prepared, resolve, reject });
      flushSoon();
    });
  };
}

/** Commits what is waiting, batch after batch, until nothing is. */
async function commitBatches(
  db: Kysely<Database>,
  subscribers: readonly EventStoredSubscriber[],
  waiting: Waiting[],
): Promise<void> {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, maxBatchSize);
    const outcomes = await commitBatch(db, subscribers, batch);
    outcomes.forEach((outcome, index) => {
      const item = batch[index];
      if (outcome.ok) item?.resolve(outcome.result);
      else item?.reject(outcome.error);
    });
  }
}

type Outcome = { ok: true; result: IngestResult } | { ok: false; error: unknown };

/**
 * The whole batch in one transaction. Failures are rare, so rather than a savepoint per delivery (two more
 * statements each), a failed batch is rolled back and each delivery retried in a transaction of its own:
 * only the one at fault is refused, and if the database itself is failing, all of them are.
 */
async function commitBatch(
  db: Kysely<Database>,
  subscribers: readonly EventStoredSubscriber[],
  batch: readonly Waiting[],
): Promise<Outcome[]> {
  if (batch.length > 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const outcomes: Outcome[] = [];
        const reads = new RoutingReads();
        for (const { delivery } of batch)
          outcomes.push({ ok: true, result: await storeDelivery(trx, delivery, subscribers, reads) });
        return outcomes;
      });
    } catch {
      // Fall through to one transaction per delivery.
    }
  }
  const outcomes: Outcome[] = [];
  for (const { delivery } of batch) {
    try {
      outcomes.push({
        ok: true,
        result: await db.transaction().execute((trx) => storeDelivery(trx, delivery, subscribers)),
      });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
