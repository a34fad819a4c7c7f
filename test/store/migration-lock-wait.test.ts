// An instance starting while another runs the migrations on PostgreSQL (docs/operations.md, "Upgrading"): it
// waits for that run to end, however long past the pool's statement time-out, and then finds its schema up to
// date. Kysely's migrator waits for its advisory lock in one statement, which the pool's 60 s time-out cut:
// the second instance failed to start. Here the pool's time-out is shortened and the lock held until the
// migrator has waited past it.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateStore } from "../../src/store/migrate.js";
import { postgresUrl, testDatabases, type EmptyDatabase } from "./databases.js";

/** Kysely's migration lock (its PostgreSQL adapter's advisory lock id). */
const migrationLock = "3853314791062309107";
const statementTimeoutMs = 300;
const applicationName = `migration-lock-wait-${String(process.pid)}`;

describe.skipIf(postgresUrl === undefined)(
  "migrations waiting for another instance's run on PostgreSQL",
  () => {
    let empty: EmptyDatabase;
    let store: Store;
    let holder: pg.Client;

    beforeAll(async () => {
      const database = testDatabases().find((candidate) => candidate.dialect === "postgres");
      if (database === undefined) throw new Error("no PostgreSQL among the test databases");
      empty = await database.createEmpty();
      // Its sessions named, so that only its own migrations' wait is read (and cut): other files migrate
      // their own schemas under the same lock meanwhile.
      const url = new URL(empty.url);
      url.searchParams.set("application_name", applicationName);
      store = await createDb(url.toString(), {
        postgresStatementTimeoutMs: statementTimeoutMs,
        postgresQueryTimeoutMs: statementTimeoutMs + 1000,
      });
      holder = new pg.Client({ connectionString: empty.url });
      await holder.connect();
    });
    afterAll(async () => {
      await holder.end();
      await store.close();
      await empty.dispose();
    });

    /** This file's session waiting for the migration lock and how long (ms) it waited; undefined for none. */
    async function lockWaiter(): Promise<{ readonly pid: number; readonly waitedMs: number } | undefined> {
      const { rows } = await holder.query<{ pid: number; waited: string }>(
        `select lock.pid, extract(epoch from (clock_timestamp() - activity.query_start)) * 1000 as waited
         from pg_locks lock join pg_stat_activity activity on activity.pid = lock.pid
        where lock.locktype = 'advisory' and not lock.granted and activity.application_name = $2
          and ((lock.classid::bigint << 32) | lock.objid::bigint) = $1::bigint`,
        [migrationLock, applicationName],
      );
      return rows[0] === undefined ? undefined : { pid: rows[0].pid, waitedMs: Number(rows[0].waited) };
    }
    const lockWaitMs = async () => (await lockWaiter())?.waitedMs;

    it("waits past the statement time-out for the lock, then migrates", async () => {
      await holder.query("select pg_advisory_lock($1::bigint)", [migrationLock]);
      const run = { settled: false };
      const migrating = migrateStore(store).finally(() => {
        run.settled = true;
      });
      // Held until the migrator has waited three of the pool's time-outs, or has given up waiting.
      const deadline = Date.now() + 30_000;
      while (!run.settled && Date.now() < deadline && ((await lockWaitMs()) ?? 0) < 3 * statementTimeoutMs) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      await holder.query("select pg_advisory_unlock($1::bigint)", [migrationLock]);

      const applied = await migrating;
      expect(applied.length).toBeGreaterThan(0);
      const { rows } = await holder.query<{ count: string }>(
        "select count(*) as count from kysely_migration",
      );
      expect(Number(rows[0]?.count)).toBe(applied.length);
    });

    it("fails the run, and only the run, when its connection is lost while it waits", async () => {
      await holder.query("select pg_advisory_lock($1::bigint)", [migrationLock]);
      try {
        const migrating = migrateStore(store);
        const deadline = Date.now() + 30_000;
        let waiter = await lockWaiter();
        while (waiter === undefined && Date.now() < deadline) {
          await new Promise((resolve) => setImmediate(resolve));
          waiter = await lockWaiter();
        }
        if (waiter === undefined) throw new Error("the migrations never waited for the lock");
        // A failover's cut: its error reaches the run, not the process (an uncaught one fails this file).
        await holder.query("select pg_terminate_backend($1)", [waiter.pid]);
        await expect(migrating).rejects.toThrow(/Database migration failed/);
      } finally {
        await holder.query("select pg_advisory_unlock($1::bigint)", [migrationLock]);
      }
    });
  },
);
