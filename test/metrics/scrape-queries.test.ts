// What one Prometheus scrape costs the database, counted with Kysely's own query log on a real SQLite database.
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createBotMetrics } from "../../src/metrics/bot-metrics.js";
import type { Database } from "../../src/store/database.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { readOutboxHealth } from "../../src/store/outbox-health.js";

describe("a scrape of the bot's metrics", () => {
  let db: Kysely<Database>;
  let queries: string[];
  beforeEach(async () => {
    queries = [];
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(":memory:") }),
      log: (event) => {
        if (event.level === "query") queries.push(event.query.sql);
      },
    });
    await migrateToLatest(db);
    queries = [];
  });
  afterEach(async () => {
    await db.destroy();
  });

  it("reads the outbox with exactly one query", async () => {
    const clock = new ManualClock();
    const metrics = createBotMetrics(() => readOutboxHealth(db, clock.now()), clock);

    const text = await metrics.registry.metrics();

    expect(text).toContain("arena_outbox_pending 0");
    expect(text).toContain("arena_outbox_oldest_pending_age_seconds 0");
    expect(queries).toHaveLength(1);
  });

  it("reads the outbox again only once the last reading is five seconds old", async () => {
    const clock = new ManualClock();
    const metrics = createBotMetrics(() => readOutboxHealth(db, clock.now()), clock);

    await metrics.registry.metrics();
    clock.advance(4_999);
    await metrics.registry.metrics();
    expect(queries).toHaveLength(1);
    clock.advance(1);
    await metrics.registry.metrics();
    expect(queries).toHaveLength(2);
  });
});
