// docs/architecture.md, "The core": the store's one batcher. Writes asked for in one turn of the event loop
// share a transaction; a store opened with a module of batched writes runs the batch whole in its writer's
// thread; a write that throws is refused alone while the others commit; the batches asked for while the thread
// commits queue in it and share its next commit.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb, type GroupCommit, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { batchedWritesOf } from "../../src/store/write-batcher.js";
import {
  holdWriterWrite,
  recordIdsTogetherWrite,
  recordIdWrite,
  uncloneableAnswerWrite,
  unknownToThreadWrite,
} from "./support/thread-test-writes.js";

const writesModule = new URL("./support/thread-test-writes.js", import.meta.url).href;

async function storedIds(store: Store): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from seen_interactions order by id`.execute(store.db);
  return rows.map((row) => row.id);
}

describe.each([
  { name: "with the writes loaded in the writer's thread", writes: true },
  { name: "with the statements sent one by one", writes: false },
])("the write batcher of a SQLite file, $name", ({ writes }) => {
  let folder: string;
  let store: Store;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-batcher-"));
    store = await createDb(
      `file:${join(folder, "bot.sqlite")}`,
      writes ? { batchedWritesModule: writesModule } : {},
    );
    await migrateToLatest(store.db);
  });

  afterEach(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("runs the writes asked for together in one transaction, on the writer's thread when it knows them", async () => {
    const run = batchedWritesOf(store.db);
    const reports = await Promise.all(["a", "b", "c", "d"].map((id) => run(recordIdWrite, { id })));
    expect(reports.map((report) => report.place)).toEqual([1, 2, 3, 4]);
    // Run in the writer's thread when the store loaded the writes, on this one otherwise.
    expect(reports.map((report) => report.threadId === threadId)).toEqual([
      !writes,
      !writes,
      !writes,
      !writes,
    ]);
    expect(await storedIds(store)).toEqual(["a", "b", "c", "d"]);
  });

  it("refuses only the write that threw, rolling back what it wrote, and commits the others", async () => {
    const run = batchedWritesOf(store.db);
    const settled = await Promise.allSettled(["a", "fail-b", "c"].map((id) => run(recordIdWrite, { id })));
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(settled[1]).toMatchObject({ reason: { message: "refused fail-b" } });
    expect(await storedIds(store)).toEqual(["a", "c"]);
  });

  it("runs a write's items of one batch in one call when it can, each result in its place among the others", async () => {
    const run = batchedWritesOf(store.db);
    const reports = await Promise.all([
      run(recordIdsTogetherWrite, { id: "a" }),
      run(recordIdWrite, { id: "x" }),
      run(recordIdsTogetherWrite, { id: "b" }),
      run(recordIdsTogetherWrite, { id: "c" }),
    ]);
    expect(reports.map((report) => report.together)).toEqual([3, undefined, 3, 3]);
    // The write first asked for runs first, all its items at once; then the next one.
    expect(reports.map((report) => report.place)).toEqual([1, 4, 2, 3]);
    expect(await storedIds(store)).toEqual(["a", "b", "c", "x"]);
  });

  it("retries the items of a call that threw one by one, refusing only the one at fault", async () => {
    const run = batchedWritesOf(store.db);
    const settled = await Promise.allSettled(
      ["a", "fail-b", "c"].map((id) => run(recordIdsTogetherWrite, { id })),
    );
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(settled[0]).toMatchObject({ value: { together: 1, place: 1 } });
    expect(settled[1]).toMatchObject({ reason: { message: "refused fail-b" } });
    expect(await storedIds(store)).toEqual(["a", "c"]);
  });

  it("runs a batch holding a write its thread does not know on the bot's thread, still as one transaction", async () => {
    const run = batchedWritesOf(store.db);
    const reports = await Promise.all([
      run(recordIdWrite, { id: "a" }),
      run(unknownToThreadWrite, { id: "b" }),
    ]);
    expect(reports.map((report) => [report.threadId, report.place])).toEqual([
      [threadId, 1],
      [threadId, 2],
    ]);
    expect(await storedIds(store)).toEqual(["a", "b"]);
  });
});

describe("the write batcher of a SQLite file whose writer's thread runs its batches", () => {
  let folder: string;
  let store: Store;
  /** The group commits the store told of (migrations run no group commit). */
  let commits: GroupCommit[];

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-batcher-"));
    const told: GroupCommit[] = [];
    store = await createDb(`file:${join(folder, "bot.sqlite")}`, {
      batchedWritesModule: writesModule,
      onGroupCommit: (commit) => told.push(commit),
    });
    await migrateToLatest(store.db);
    commits = told;
    told.length = 0;
  });

  afterEach(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  /** Runs holdWriterWrite, resolving once the thread holds; `open` lets it go. */
  async function holdWriter(run: ReturnType<typeof batchedWritesOf>) {
    const gate = new SharedArrayBuffer(8);
    const flags = new Int32Array(gate);
    const held = run(holdWriterWrite, { gate });
    const deadline = Date.now() + 10_000;
    while (Atomics.load(flags, 1) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(Atomics.load(flags, 1)).toBe(1);
    const open = () => {
      Atomics.store(flags, 0, 1);
      Atomics.notify(flags, 0);
    };
    return { held, open };
  }

  it("sends each turn's writes while a commit runs, and those queued behind it share the next commit", async () => {
    const run = batchedWritesOf(store.db);
    const { held, open } = await holdWriter(run);
    // Each asked for in a turn of its own, each batch sent while the thread is held.
    const later: Promise<unknown>[] = [];
    for (const id of ["a", "b", "c"]) {
      later.push(run(recordIdWrite, { id }));
      await nextTurn();
    }
    // A transaction asked for meanwhile waits for the batches sent before it.
    const transaction = store.db
      .transaction()
      .execute((trx) => sql<{ count: number }>`select count(*) as count from seen_interactions`.execute(trx));
    open();

    expect(await held).toMatchObject({ place: 1 });
    // One transaction for the three, each answered with its own place in it.
    expect(await Promise.all(later)).toMatchObject([{ place: 1 }, { place: 2 }, { place: 3 }]);
    expect((await transaction).rows).toEqual([{ count: 3 }]);
    expect(await storedIds(store)).toEqual(["a", "b", "c"]);
  });

  it("tells of each group commit once, with its writes and how long it took", async () => {
    const run = batchedWritesOf(store.db);
    const { held, open } = await holdWriter(run);
    const heldSince = performance.now();
    const later: Promise<unknown>[] = [];
    for (const id of ["a", "b", "c"]) {
      later.push(run(recordIdWrite, { id }));
      await nextTurn();
    }
    const heldFor = (performance.now() - heldSince) / 1000;
    open();
    await Promise.all([held, ...later]);

    // The held write's commit, then one for the three batches that queued behind it, told once.
    expect(commits.map((commit) => commit.writes)).toEqual([1, 3]);
    // The held commit lasted at least as long as this thread saw it held.
    expect(commits[0]!.seconds).toBeGreaterThanOrEqual(heldFor);
    expect(commits[1]!.seconds).toBeGreaterThan(0);
  });

  it("tells of a commit whose answer could not cross back, though its caller hears an error", async () => {
    const run = batchedWritesOf(store.db);
    await expect(run(uncloneableAnswerWrite, { id: "a" })).rejects.toThrow();
    // Committed all the same: the row is there, and the commit is counted.
    expect(await storedIds(store)).toEqual(["a"]);
    expect(commits.map((commit) => commit.writes)).toEqual([1]);
  });

  it("refuses only the write that threw among batches that shared a commit", async () => {
    const run = batchedWritesOf(store.db);
    const { held, open } = await holdWriter(run);
    const later: Promise<unknown>[] = [];
    for (const id of ["a", "fail-b", "c"]) {
      later.push(run(recordIdWrite, { id }));
      await nextTurn();
    }
    open();

    await held;
    const settled = await Promise.allSettled(later);
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(settled[1]).toMatchObject({ reason: { message: "refused fail-b" } });
    expect(await storedIds(store)).toEqual(["a", "c"]);
    // The held write's commit; then the shared one was rolled back and each write retried alone, and only the
    // two that went in are told, each a commit of its own.
    expect(commits.map((commit) => commit.writes)).toEqual([1, 1, 1]);
  });
});
