// One group commit for every write the bot makes at the pace of its traffic: stored webhooks, interaction ids
// seen, rows marked delivered or sent alone (docs/architecture.md, "The core"). SQLite commits one
// transaction at a time and each commit waits for an fsync, so the writes asked for in one turn of the event
// loop share one transaction and one commit, and each caller is answered only after it. A store opened with
// the bot's batched writes runs the whole batch in its writer's thread, one message each way; otherwise (a
// test's store, a write the thread does not know) the batch's statements go one by one. PostgreSQL groups
// concurrent commits itself, so there each write is a transaction of its own, run at once.
import { sql, type Kysely } from "kysely";
import { commitGroup, type GroupItem, type GroupWrite, type Outcome } from "./commit-group.js";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";
import type { ThreadBatches } from "./sqlite-thread/sqlite-thread-dialect.js";

/**
 * A write the batcher runs inside the batch's transaction. It must not begin or commit one itself, and its
 * arguments and result cross a thread boundary, so they are plain data (a Buffer arrives as a Uint8Array).
 */
export interface BatchedWrite<Args, Result> {
  /** Unique among the bot's batched writes: the writer's thread finds the write by it. */
  readonly name: string;
  run(db: Kysely<Database>, args: Args, batch: BatchScope): Promise<Result>;
  /**
   * The same as `run` for each of `args`, in one go (a statement for many rows rather than one a row), with the
   * results in their order: what a batch runs when it holds more than one of this write. A batch that fails is
   * retried one `run` at a time, so only the write at fault is refused.
   */
  runAll?(db: Kysely<Database>, args: readonly Args[], batch: BatchScope): Promise<Result[]>;
}

/**
 * What the writes of one transaction may share, for as long as it lasts (the subscriptions routing read):
 * kept by a key of the write's own, so writes of different kinds never see each other's.
 */
export type BatchScope = Map<unknown, unknown>;

/** Resolves with the write's result once its transaction committed; rejects if it did not. */
export type RunBatched = <Args, Result>(write: BatchedWrite<Args, Result>, args: Args) => Promise<Result>;

/** Bounds how long one transaction holds the write lock, and so how long its first caller waits. */
const maxBatchSize = 128;

// Every path that writes through one database must share its batcher (a second would commit on its own), and
// each is handed the database, so the batcher is found by it; createDb tells it about the writer's thread.
const batchers = new WeakMap<Kysely<Database>, RunBatched>();
const threadBatches = new WeakMap<Kysely<Database>, ThreadBatches>();

/** Lets `db`'s batcher run a batch whole in the writer's thread when the thread knows each of its writes. */
export function useThreadBatches(db: Kysely<Database>, batches: ThreadBatches): void {
  threadBatches.set(db, batches);
}

/** The one batcher of `db`, made on first use. */
export function batchedWritesOf(db: Kysely<Database>): RunBatched {
  let batcher = batchers.get(db);
  if (batcher === undefined) {
    batcher =
      readDialect(db) === "sqlite"
        ? createGroupCommit(db)
        : <Args, Result>(write: BatchedWrite<Args, Result>, args: Args) =>
            db.transaction().execute((trx) => write.run(trx, args, new Map()));
    batchers.set(db, batcher);
  }
  return batcher;
}

interface Waiting {
  readonly write: BatchedWrite<unknown, unknown>;
  readonly args: unknown;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A group commit over `db` whatever its dialect: the store's own batcher on SQLite, and how a test makes the
 * writes asked for together share one transaction on PostgreSQL too.
 */
export function createGroupCommit(db: Kysely<Database>): RunBatched {
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

  return <Args, Result>(write: BatchedWrite<Args, Result>, args: Args) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ write, args, resolve: resolve as (result: unknown) => void, reject });
      flushSoon();
    });
}

/**
 * Commits what is waiting, batch after batch, until nothing is. A batch the writer's thread runs whole is sent
 * without waiting for the one before: the thread runs them in order, and those that queued behind a commit
 * share the next one, so the next batch is gathered while a commit runs. Any other waits for its commit.
 */
async function commitBatches(db: Kysely<Database>, waiting: Waiting[]): Promise<void> {
  while (waiting.length > 0) {
    const batch = waiting.splice(0, maxBatchSize);
    const thread = threadBatches.get(db);
    if (thread !== undefined && batch.every(({ write }) => thread.has(write.name)))
      void settle(batch, () => thread.run(batch.map(({ write, args }) => ({ name: write.name, args }))));
    else await settle(batch, () => commitBatch(db, batch));
  }
}

/** Answers each caller of `batch` with its outcome, once the batch's commit is over. */
async function settle(batch: readonly Waiting[], commit: () => Promise<Outcome[]>): Promise<void> {
  let outcomes: Outcome[];
  try {
    outcomes = await commit();
  } catch (error) {
    outcomes = batch.map(() => ({ ok: false, error }));
  }
  outcomes.forEach((outcome, index) => {
    const item = batch[index];
    if (outcome.ok) item?.resolve(outcome.result);
    else item?.reject(outcome.error);
  });
}

/** Each write of the batch bound once to the connection held for it, so that its items can run together. */
function bindWrites(connection: Kysely<Database>, batch: readonly Waiting[]): GroupItem[] {
  const bound = new Map<BatchedWrite<unknown, unknown>, GroupWrite>();
  return batch.map(({ write, args }) => {
    let groupWrite = bound.get(write);
    if (groupWrite === undefined) {
      groupWrite = {
        run: (one, scope) => write.run(connection, one, scope),
        runAll:
          write.runAll === undefined
            ? undefined
            : (all, scope) => write.runAll?.(connection, all, scope) ?? Promise.resolve([]),
      };
      bound.set(write, groupWrite);
    }
    return { write: groupWrite, args };
  });
}

/**
 * The batch as one group commit, its statements sent one by one over a connection held for it; the failure
 * policy is the one the writer's thread keeps too (commit-group.js).
 */
function commitBatch(db: Kysely<Database>, batch: readonly Waiting[]): Promise<Outcome[]> {
  // BEGIN IMMEDIATE takes SQLite's write lock up front, so a write that reads first cannot fail with BUSY.
  const begin = readDialect(db) === "sqlite" ? "begin immediate" : "begin";
  return db.connection().execute((connection) =>
    commitGroup(
      {
        begin: () => sql.raw(begin).execute(connection),
        commit: () => sql.raw("commit").execute(connection),
        // Also when nothing is open (a failed begin, a commit SQLite rolled back itself): nothing to undo then.
        rollBack: () =>
          sql
            .raw("rollback")
            .execute(connection)
            .catch(() => undefined),
      },
      bindWrites(connection, batch),
    ),
  );
}
