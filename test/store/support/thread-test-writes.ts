// Batched writes for test/store/write-batcher.test.ts, which the writer's thread imports by URL as the bot's
// does src/bot/batched-writes.ts. Each says on which thread it ran and how many writes of its batch ran before it.
import { sql, type Kysely } from "kysely";
import { threadId } from "node:worker_threads";
import type { Database } from "../../../src/store/database.js";
import type { BatchedWrite, BatchScope } from "../../../src/store/write-batcher.js";

export interface WriteReport {
  readonly threadId: number;
  /** 1 for the first write of its transaction, 2 for the second… */
  readonly place: number;
  /** How many items ran in the one call that ran this one (runAll), when it has one. */
  readonly together?: number;
}

function countInBatch(batch: BatchScope): number {
  const place = ((batch.get(countInBatch) as number | undefined) ?? 0) + 1;
  batch.set(countInBatch, place);
  return place;
}

/** Records an interaction id; an id starting with "fail" throws after its insert, so the insert must roll back. */
export const recordIdWrite: BatchedWrite<{ id: string }, WriteReport> = {
  name: "test: record an id",
  async run(db, { id }, batch) {
    await sql`insert into seen_interactions (id, seen_at) values (${id}, 0)`.execute(db);
    if (id.startsWith("fail")) throw new Error(`refused ${id}`);
    return { threadId, place: countInBatch(batch) };
  },
};

async function insertIds(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db
    .insertInto("seen_interactions")
    .values(ids.map((id) => ({ id, seen_at: 0 })))
    .execute();
}

/**
 * recordIdWrite with a runAll: a batch's items of it are inserted in one statement, and each reports how many
 * ran together; "fail…" throws after the insert there too.
 */
export const recordIdsTogetherWrite: BatchedWrite<{ id: string }, WriteReport> = {
  name: "test: record ids together",
  async run(db, { id }, batch) {
    await insertIds(db, [id]);
    if (id.startsWith("fail")) throw new Error(`refused ${id}`);
    return { threadId, place: countInBatch(batch), together: 1 };
  },
  async runAll(db, items, batch) {
    await insertIds(
      db,
      items.map(({ id }) => id),
    );
    const failing = items.find(({ id }) => id.startsWith("fail"));
    if (failing !== undefined) throw new Error(`refused ${failing.id}`);
    return items.map(() => ({ threadId, place: countInBatch(batch), together: items.length }));
  },
};

/** A write this module leaves out of `batchedWrites`: the thread does not know it. */
export const unknownToThreadWrite: BatchedWrite<{ id: string }, WriteReport> = {
  name: "test: known to the bot's thread only",
  async run(db, { id }, batch) {
    await sql`insert into seen_interactions (id, seen_at) values (${id}, 0)`.execute(db);
    return { threadId, place: countInBatch(batch) };
  },
};

/**
 * Holds the writer's thread inside its transaction until the test opens the gate: `gate` is shared memory of
 * two Int32 (the thread stores 1 in the second once it holds; the test stores 1 in the first to let it go).
 * The batches sent meanwhile queue behind it. Run it only in the writer's thread.
 */
export const holdWriterWrite: BatchedWrite<{ gate: SharedArrayBuffer }, WriteReport> = {
  name: "test: hold the writer",
  run(_db, { gate }, batch) {
    const flags = new Int32Array(gate);
    Atomics.store(flags, 1, 1);
    // A deadline, not a pause: the test opens the gate long before it.
    const giveUpAt = Date.now() + 30_000;
    while (Atomics.load(flags, 0) === 0 && Date.now() < giveUpAt) Atomics.wait(flags, 0, 0, 100);
    return Promise.resolve({ threadId, place: countInBatch(batch) });
  },
};

/** Records an id and answers with a function, which cannot cross back to the bot's thread. */
export const uncloneableAnswerWrite: BatchedWrite<{ id: string }, unknown> = {
  name: "test: answer what cannot cross threads",
  async run(db, { id }) {
    await sql`insert into seen_interactions (id, seen_at) values (${id}, 0)`.execute(db);
    return { report: () => id };
  },
};

export const batchedWrites = [recordIdWrite, recordIdsTogetherWrite, holdWriterWrite, uncloneableAnswerWrite];
