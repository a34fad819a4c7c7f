// POST /interactions while another process holds SQLite's write lock (docs/operations.md, "When SQLite
// cannot write"): the interaction's replay record cannot commit, and a write waits up to the 5 s busy
// timeout, past Discord's 3 s to answer. The route waits for the record at most a second (replay-guard.ts)
// and answers, within Discord's time, that nothing could be saved; once the lock is gone, commands run again.
// The lock is real, held by a second connection to the file; the fake Discord sends the interaction and keeps
// Discord's 3 s deadline.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUnavailableMessage } from "../../src/discord/database-unavailable.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { createTestCommands } from "./interaction-fixtures.js";
import { startRouteOverFakeDiscord, type RouteOverFakeDiscord } from "./route-over-fake-discord.js";

describe("POST /interactions while another process holds the write lock", () => {
  let folder: string;
  let store: Store;
  let route: RouteOverFakeDiscord;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-interactions-lock-"));
    store = await createDb(`file:${join(folder, "bot.sqlite")}`);
    await migrateToLatest(store.db);
    route = await startRouteOverFakeDiscord(createTestCommands().commands, { db: store.db });
  });
  afterAll(async () => {
    await route.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers within Discord's time that nothing could be saved, and runs commands once the lock is gone", async () => {
    const holder = new SqliteDatabase(join(folder, "bot.sqlite"));
    holder.exec("begin immediate");
    try {
      const refused = await route.fake.runCommand({ ...route.at, name: "echo" }).waitForFinal();
      expect(refused.content).toBe(databaseUnavailableMessage);
      expect(refused.flags & 64).toBe(64);
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    const answered = await route.fake.runCommand({ ...route.at, name: "echo" }).waitForFinal();
    expect(answered.content).toBe("hello, alice");
  });
});
