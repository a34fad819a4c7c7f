// docs/operations.md, "When SQLite cannot write": a write that fails for want of space marks the store unable to write,
// writes that happen to fit do not clear it, and the probe does once space is freed, with no traffic. The
// fault is real: the store's writer connection meets its SQLITE_MAX_SIZE_MB cap, filled by a second connection.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { databaseAnswers } from "../../src/store/database-answers.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { recordInteraction } from "../../src/store/seen-interactions.js";
import type { WriteHealth } from "../../src/store/write-health.js";
import { fillSqliteFile, type Ballast } from "../support/fill-sqlite-file.js";

const capBytes = 2 * 1024 * 1024;
const pageBytes = 4096;

describe("the write health of a SQLite file at its size cap", () => {
  let folder: string;
  let store: Store;
  let health: WriteHealth;
  let ballast: Ballast | undefined;
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "arena-write-health-"));
    store = await createDb(`file:${join(folder, "bot.sqlite")}`, { sqliteMaxSizeBytes: capBytes, clock });
    await migrateToLatest(store.db);
    await recordInteraction(store.db, { id: "before", now: clock.now() });
    if (store.writeHealth === undefined) throw new Error("a SQLite store has a write health");
    health = store.writeHealth;
    ballast = fillSqliteFile(join(folder, "bot.sqlite"), capBytes / pageBytes);
  });

  afterEach(async () => {
    ballast?.close();
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("says the disk is full from the first refused write until a probe commits after space is freed", async () => {
    expect(health.current()).toBeUndefined();
    await expect(databaseAnswers(store.db, health)).resolves.toBe(true);

    // An id longer than a page needs pages the file cannot have.
    const failedAt = clock.now();
    await expect(recordInteraction(store.db, { id: "x".repeat(8000), now: failedAt })).rejects.toMatchObject({
      code: "SQLITE_FULL",
    });
    expect(health.current()).toEqual({ fault: "disk full", since: failedAt });

    // A write that fits in place changes nothing: the disk is still full for anything that needs room.
    clock.advance(1000);
    await sql`update seen_interactions set seen_at = ${clock.now()}`.execute(store.db);
    expect(health.current()).toEqual({ fault: "disk full", since: failedAt });
    await health.probeIfFailing();
    expect(health.current()).toEqual({ fault: "disk full", since: failedAt });
    await expect(databaseAnswers(store.db, health)).resolves.toBe(
      `cannot write: disk full (since ${new Date(failedAt).toISOString()})`,
    );

    ballast?.free();
    // Nothing but the probe runs: readiness itself finds the database can write again.
    await expect(databaseAnswers(store.db, health)).resolves.toBe(true);
    expect(health.current()).toBeUndefined();
    await recordInteraction(store.db, { id: "x".repeat(8000), now: clock.now() });
  });

  it("is not marked by a write refused for its own sake", async () => {
    ballast?.free();
    await expect(
      store.db.insertInto("seen_interactions").values({ id: "before", seen_at: 0 }).execute(),
    ).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    expect(health.current()).toBeUndefined();
  });
});
