// docs/architecture.md, "The core": a write waits for another process's write lock at most the busy timeout
// from when it was asked for, the writes queued before it included. Before, each write's wait began when its
// turn came in the writer's thread, so behind writes that each waited the whole timeout it waited for all of
// theirs too: with a lock held, the fifth write failed after five timeouts, and a webhook got its 503 that late.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteThread } from "../../../src/store/sqlite-thread/sqlite-thread-client.js";
import { SqliteThreadDialect } from "../../../src/store/sqlite-thread/sqlite-thread-dialect.js";
import type { GroupCommit } from "../../../src/store/sqlite-thread/thread-listeners.js";
import { recordIdWrite } from "../support/thread-test-writes.js";

const writesModule = new URL("../support/thread-test-writes.js", import.meta.url).href;

let folder: string;
let filename: string;
let holder: SqliteDatabase.Database;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "arena-lock-wait-"));
  filename = join(folder, "bot.sqlite");
  holder = new SqliteDatabase(filename);
  holder.pragma("journal_mode = WAL");
  holder.exec("create table seen_interactions (id text primary key, seen_at integer not null)");
});

afterEach(async () => {
  holder.close();
  await rm(folder, { recursive: true, force: true });
});

const busyTimeoutOf = async (thread: SqliteThread, lockWaitEnds?: number): Promise<unknown> =>
  (await thread.run("pragma busy_timeout", [], lockWaitEnds)).rows[0];

describe("the writer's thread", () => {
  // Ten minutes: a write that waited the whole timeout would outlast the test.
  const busyTimeoutMs = 600_000;
  let thread: SqliteThread;

  beforeEach(async () => {
    thread = await SqliteThread.open({ filename, readonly: false, busyTimeoutMs });
  });

  afterEach(async () => {
    await thread.close();
  });

  it("fails at once, with SQLITE_BUSY, a write whose wait for the lock ended while it queued", async () => {
    holder.exec("begin immediate");
    await expect(
      thread.run("insert into seen_interactions (id, seen_at) values ('late', 0)", [], Date.now() - 1),
    ).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    holder.exec("rollback");
  }, 30_000);

  it("still tries that write once: with the lock free it goes in", async () => {
    await thread.run("insert into seen_interactions (id, seen_at) values ('late', 0)", [], Date.now() - 1);
    expect(holder.prepare("select id from seen_interactions").all()).toEqual([{ id: "late" }]);
  });

  it("waits only what is left of the timeout, and the whole of it for a write that hardly queued or has no end", async () => {
    expect(await busyTimeoutOf(thread, Date.now() + busyTimeoutMs)).toEqual({ timeout: busyTimeoutMs });
    const short = (await busyTimeoutOf(thread, Date.now() + 1_000)) as { timeout: number };
    expect(short.timeout).toBeGreaterThan(0);
    expect(short.timeout).toBeLessThanOrEqual(1_000);
    expect(await busyTimeoutOf(thread)).toEqual({ timeout: busyTimeoutMs });
    expect(await busyTimeoutOf(thread, Date.now() - 1)).toEqual({ timeout: 0 });
    expect(await busyTimeoutOf(thread, Date.now() + busyTimeoutMs)).toEqual({ timeout: busyTimeoutMs });
  });
});

describe("the writer's thread running batches", () => {
  const busyTimeoutMs = 600_000;
  let thread: SqliteThread;
  /** The commits the thread told of: a batch refused for the lock committed nothing. */
  let commits: GroupCommit[];
  const record = (id: string) => [{ name: recordIdWrite.name, args: { id } }];

  beforeEach(async () => {
    const told: GroupCommit[] = [];
    commits = told;
    thread = await SqliteThread.open(
      { filename, readonly: false, busyTimeoutMs, writesModule },
      { onGroupCommit: (commit) => told.push(commit) },
    );
  });

  afterEach(async () => {
    await thread.close();
  });

  const refusedBusy = { ok: false, error: { code: "SQLITE_BUSY" } };

  it("fails at once a batch whose wait for the lock ended while it queued", async () => {
    holder.exec("begin immediate");
    try {
      expect(await thread.runBatch(record("late"), Date.now() - 1)).toMatchObject([refusedBusy]);
    } finally {
      holder.exec("rollback");
    }
    expect(commits).toEqual([]);
  }, 30_000);

  it("gives a batch asked for much later than the one before it a commit of its own, with its own wait", async () => {
    holder.exec("begin immediate");
    // Sent together, so the thread finds both queued. Merged, the second would fail with the first at once.
    const late = thread.runBatch(record("late"), Date.now() - 1);
    const fresh = thread.runBatch(record("fresh"), Date.now() + busyTimeoutMs);
    try {
      expect(await late).toMatchObject([refusedBusy]);
    } finally {
      holder.exec("rollback");
    }
    expect(await fresh).toMatchObject([{ ok: true }]);
    expect(holder.prepare("select id from seen_interactions").all()).toEqual([{ id: "fresh" }]);
    // Only the batch that went in is told, as a commit of its one write.
    expect(commits.map((commit) => commit.writes)).toEqual([1]);
  }, 30_000);
});

describe("writes queued behind each other while another process holds the lock", () => {
  const busyTimeoutMs = 1_000;
  let dialect: SqliteThreadDialect;
  let db: Kysely<{ seen_interactions: { id: string; seen_at: number } }>;

  beforeEach(() => {
    dialect = new SqliteThreadDialect({ filename, busyTimeoutMs, writesModule });
    db = new Kysely({ dialect });
  });

  afterEach(async () => {
    await db.destroy();
  });

  it("each fail within the busy timeout of being asked for, not one timeout after another", async () => {
    await db.selectFrom("seen_interactions").selectAll().execute(); // opens the threads
    holder.exec("begin immediate");
    const askedAt = Date.now();
    const insert = (id: string) => db.insertInto("seen_interactions").values({ id, seen_at: 0 }).execute();
    const writes = [
      insert("a"),
      db.transaction().execute(async (trx) => {
        await trx.insertInto("seen_interactions").values({ id: "b", seen_at: 0 }).execute();
      }),
      dialect.batches.run([{ name: recordIdWrite.name, args: { id: "c" } }]).then(([outcome]) => {
        if (outcome?.ok !== false) throw new Error("the batch's write went in under another's lock");
        throw outcome.error;
      }),
      insert("d"),
      sql`delete from seen_interactions`.execute(db),
    ];
    const failedAfterMs = await Promise.all(
      writes.map((write) =>
        write.then(
          () => Promise.reject(new Error("a write went in under another process's lock")),
          (error: unknown) => {
            expect(error).toMatchObject({ code: "SQLITE_BUSY" });
            return Date.now() - askedAt;
          },
        ),
      ),
    );
    holder.exec("rollback");
    // One after another, the fifth would fail five timeouts (5 s) after it was asked for; two seconds of
    // room are left for a busy machine.
    for (const ms of failedAfterMs) expect(ms).toBeLessThan(busyTimeoutMs + 2_000);
  }, 30_000);
});
