// docs/architecture.md, "The core": a store's SQLite threads outlive its close, and the next store the process
// opens runs on one of them, with nothing of the first connection left: its file, its busy timeout, whether it
// may write and its batched writes are the new store's. A thread that cannot open the next connection ends.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { maxIdleThreads } from "../../../src/store/sqlite-thread/idle-threads.js";
import { SqliteThread } from "../../../src/store/sqlite-thread/sqlite-thread-client.js";
import { batchedWrites, recordIdWrite } from "../support/thread-test-writes.js";

const writesModule = new URL("../support/thread-test-writes.js", import.meta.url).href;
const record = (id: string) => [{ name: recordIdWrite.name, args: { id } }];

let folder: string;
/** Threads that hold every thread an earlier test file left idle, so a test's own closed thread is the only one. */
let holding: SqliteThread[];

function createFile(name: string): string {
  const filename = join(folder, name);
  const db = new SqliteDatabase(filename);
  db.pragma("journal_mode = WAL");
  db.exec("create table seen_interactions (id text primary key, seen_at integer not null)");
  db.close();
  return filename;
}

function idsIn(filename: string): unknown[] {
  const db = new SqliteDatabase(filename, { readonly: true });
  try {
    return db.prepare("select id from seen_interactions order by id").all();
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "arena-thread-reuse-"));
  holding = await Promise.all(
    Array.from({ length: maxIdleThreads }, () =>
      SqliteThread.open({ filename: ":memory:", readonly: false, busyTimeoutMs: 1000 }),
    ),
  );
});

afterEach(async () => {
  await Promise.all(holding.map((thread) => thread.close()));
  await rm(folder, { recursive: true, force: true });
});

describe("a store opened after another closed", () => {
  it("runs on the closed store's thread, on its own file, with its own batched writes", async () => {
    const [first, second] = [createFile("first.sqlite"), createFile("second.sqlite")];
    const one = await SqliteThread.open({
      filename: first,
      readonly: false,
      busyTimeoutMs: 1000,
      writesModule,
    });
    const [wrote] = await one.runBatch(record("one"));
    await one.close();
    await expect(one.run("select 1", [])).rejects.toThrow(/closed/);

    const two = await SqliteThread.open({
      filename: second,
      readonly: false,
      busyTimeoutMs: 2500,
      writesModule,
    });
    try {
      expect(two.threadId).toBe(one.threadId);
      expect(two.writes).toEqual(new Set(batchedWrites.map((write) => write.name)));
      const [outcome] = await two.runBatch(record("two"));
      expect(outcome).toMatchObject({ ok: true, result: { threadId: two.threadId, place: 1 } });
      expect(wrote).toMatchObject({ ok: true, result: { threadId: one.threadId } });
      expect((await two.run("pragma busy_timeout", [])).rows).toEqual([{ timeout: 2500 }]);
    } finally {
      await two.close();
    }
    expect(idsIn(first)).toEqual([{ id: "one" }]);
    expect(idsIn(second)).toEqual([{ id: "two" }]);
  });

  it("may not write when it is a reader on a thread that wrote before", async () => {
    const filename = createFile("bot.sqlite");
    const writer = await SqliteThread.open({ filename, readonly: false, busyTimeoutMs: 1000, writesModule });
    await writer.run("insert into seen_interactions (id, seen_at) values ('kept', 0)", []);
    await writer.close();

    const reader = await SqliteThread.open({ filename, readonly: true, busyTimeoutMs: 1000 });
    try {
      expect(reader.threadId).toBe(writer.threadId);
      expect(reader.writes.size).toBe(0);
      expect((await reader.run("select id from seen_interactions", [])).rows).toEqual([{ id: "kept" }]);
      await expect(
        reader.run("insert into seen_interactions (id, seen_at) values ('refused', 0)", []),
      ).rejects.toMatchObject({ code: "SQLITE_READONLY" });
    } finally {
      await reader.close();
    }
    expect(idsIn(filename)).toEqual([{ id: "kept" }]);
  });

  it("runs on a thread of its own when the store before it was closed twice at once", async () => {
    const [first, second] = [createFile("first.sqlite"), createFile("second.sqlite")];
    const closing = await SqliteThread.open({ filename: first, readonly: false, busyTimeoutMs: 1000 });
    await Promise.all([closing.close(), closing.close()]);

    const openOn = (filename: string) =>
      SqliteThread.open({ filename, readonly: false, busyTimeoutMs: 1000 });
    const [one, two] = await Promise.all([openOn(first), openOn(second)]);
    try {
      expect(one.threadId).not.toBe(two.threadId);
      await one.run("insert into seen_interactions (id, seen_at) values ('one', 0)", []);
      await two.run("insert into seen_interactions (id, seen_at) values ('two', 0)", []);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    expect(idsIn(first)).toEqual([{ id: "one" }]);
    expect(idsIn(second)).toEqual([{ id: "two" }]);
  });

  it("that cannot open its connection fails with the reason, ends that thread, and the next opens on a new one", async () => {
    const first = await SqliteThread.open({ filename: ":memory:", readonly: false, busyTimeoutMs: 1000 });
    await first.close();

    await expect(
      SqliteThread.open({
        filename: join(folder, "no-such-folder", "bot.sqlite"),
        readonly: false,
        busyTimeoutMs: 1000,
      }),
    ).rejects.toThrow(/directory does not exist|unable to open/i);

    const next = await SqliteThread.open({ filename: ":memory:", readonly: false, busyTimeoutMs: 1000 });
    try {
      expect(next.threadId).not.toBe(first.threadId);
      expect((await next.run("select 1 as one", [])).rows).toEqual([{ one: 1 }]);
    } finally {
      await next.close();
    }
  });
});
