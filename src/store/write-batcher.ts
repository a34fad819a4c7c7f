// One group commit for every write the bot makes at the pace of its traffic: stored webhooks, interaction ids
// seen, rows marked delivered (docs/architecture.md, "The write batcher"). SQLite commits one transaction at a
// time and each commit waits for an fsync, so the writes asked for in one turn of the event loop share one
// transaction and one commit, and each caller is answered only after it. PostgreSQL groups concurrent commits
// itself, so there each write is a transaction of its own, run at once.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";

/** A write run inside the batch's transaction; it must not commit or begin one itself. */
export type BatchedWrite<T> = (trx: Transaction<Database>) => Promise<T>;

/** Resolves with the write's result once its transaction committed; rejects if it did not. */
export type RunBatched = <T>(write: BatchedWrite<T>) => Promise<T>;

/** Bounds how long one transaction holds the write lock, and so how long its first caller waits. */
const maxBatchSize = 128;

// Every path that writes through one database must share its batcher (a second would commit on its own), and
// each is handed the database, so the batcher is found by it.
const batchers = new WeakMap<Kysely<Database>, RunBatched>();

/** The one batcher of `db`, made on first use. */
export function batchedWritesOf(db: Kysely<Database>): RunBatched {
  let batcher = batchers.get(db);
  if (batcher === undefined) {
    batcher =
      readDialect(db) === "sqlite"
        ? createGroupCommit(db)
        : <T>(write: BatchedWrite<T>) => db.transaction().execute(write);
    batchers.set(db, batcher);
  }
  return batcher;
}

interface Waiting {
  readonly write: BatchedWrite<unknown>;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
}

function createGroupCommit(db: Kysely<Database>): RunBatched {
  const waiting: Waiting[] = [];
  let flushing = false;

  const flushSoon = (): void => {
    if (flushing) return;
    flushing = true;
    // setImmediate lets every request already read in this turn of the event loop join the batch.
    setImmediate(() => {
      void commitBatches(db, waiting).finally(() => {
        flushing = false;
        // A write may have been asked for between the last batch and this line.
        if (waiting.length > 0) flushSoon();
      });
    });
  };

  return <T>(write: BatchedWrite<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ write, resolve: resolve as (result: unknown) => void, reject });
      flushSoon();
    });
}

/** Commits what is waiting, batch after batch, until nothing is. */
async function commitBatches(db: Kysely<Database>, waiting: Waiting[]): Promise<void> {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, maxBatchSize);
    const outcomes = await commitBatch(db, batch);
    outcomes.forEach((outcome, index) => {
      const item = batch[index];
      if (outcome.ok) item?.resolve(outcome.result);
      else item?.reject(outcome.error);
    });
  }
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };

/**
 * The whole batch in one transaction. Failures are rare, so rather than a savepoint per write (two more
 * statements each), a batch in which a write failed is rolled back and each write retried in a transaction of
 * its own: only the one at fault is refused. When the transaction itself failed (the lock not had within the
 * busy timeout, a full disk at commit), the database is what failed, and every write of the batch is refused
 * at once rather than made to wait for it again one by one.
 */
async function commitBatch(db: Kysely<Database>, batch: readonly Waiting[]): Promise<Outcome[]> {
  if (batch.length > 1) {
    let writeFailed = false as boolean;
    try {
      return await db.transaction().execute(async (trx) => {
        const outcomes: Outcome[] = [];
        for (const { write } of batch) {
          writeFailed = true;
          outcomes.push({ ok: true, result: await write(trx) });
          writeFailed = false;
        }
        return outcomes;
      });
    } catch (error) {
      if (!writeFailed) return batch.map(() => ({ ok: false, error }));
    }
  }
  const outcomes: Outcome[] = [];
  for (const { write } of batch) {
    try {
      outcomes.push({ ok: true, result: await db.transaction().execute(write) });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
