// POST /interactions while another process holds SQLite's write lock (docs/operations.md, "When SQLite
// cannot write"): the interaction's replay record cannot commit, and a write waits up to the 5 s busy
// timeout, past Discord's 3 s to answer. The route waits for the record at most a second (replay-guard.ts)
// and answers, within Discord's time, that nothing could be saved; once the lock is gone, commands run again.
// The lock is real, held by a second connection to the file; the fake Discord sends the interaction and keeps
// Discord's 3 s deadline.
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUnavailableMessage } from "../../src/discord/database-unavailable.js";
import { sqliteFile, useMigratedStore } from "../store/databases.js";
import { createTestCommands } from "./interaction-fixtures.js";
import { startRouteOverFakeDiscord, type RouteOverFakeDiscord } from "./route-over-fake-discord.js";

describe("POST /interactions while another process holds the write lock", () => {
  const store = useMigratedStore(sqliteFile);
  let route: RouteOverFakeDiscord;

  beforeAll(async () => {
    route = await startRouteOverFakeDiscord(createTestCommands().commands, { db: store.db });
  });
  afterAll(async () => {
    await route.close();
  });

  it("answers within Discord's time that nothing could be saved, and runs commands once the lock is gone", async () => {
    const holder = new SqliteDatabase(store.url.slice("file:".length));
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
