// docs/operations.md, "When PostgreSQL cannot write": after a failover the pool's connections can sit on a
// server that cannot write (a standby; here, sessions of a database of the test's own made read-only, as a
// standby's are). A write there fails 25006, the write health and the readiness check say "read-only", and
// once the server can write again none of the connections opened before is used again: each would stay
// read-only to its end, and before, the pool handed them out again, failing write after write.
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import { databaseAnswers } from "../../src/store/database-answers.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { probeWrite } from "../../src/store/write-probe.js";
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from "../e2e/support/fresh-postgres-database.js";
import { postgresUrl } from "./databases.js";

/** Connections the pool holds at once before the failover. */
const heldConnections = 4;

describe.skipIf(postgresUrl === undefined)(
  "a PostgreSQL pool on a server that cannot write (TEST_DATABASE_URL)",
  () => {
    let database: FreshPostgresDatabase;
    let databaseName: string;
    let store: Store;

    beforeAll(async () => {
      database = await createFreshPostgresDatabase(postgresUrl!, "read_only_pool");
      databaseName = new URL(database.url).pathname.slice(1);
      store = await createDb(database.url);
      await migrateToLatest(store.db);
    });

    afterAll(async () => {
      await store.close();
      await database.drop();
    });

    async function admin(statement: string, values: unknown[] = []): Promise<void> {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(statement, values);
      } finally {
        await client.end();
      }
    }

    /** Checks out `heldConnections` connections at once, so the pool keeps that many; their backends' ids. */
    async function holdConnections(): Promise<number[]> {
      let arrived = 0;
      let releaseAll: () => void = () => undefined;
      const allArrived = new Promise<void>((resolve) => (releaseAll = resolve));
      return Promise.all(
        Array.from({ length: heldConnections }, () =>
          store.db.connection().execute(async (connection) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
            arrived += 1;
            if (arrived === heldConnections) releaseAll();
            await allArrived;
            return rows[0]!.pid;
          }),
        ),
      );
    }

    async function backendId(): Promise<number> {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db);
      return rows[0]!.pid;
    }

    it("reports read-only, then drops every connection opened on the read-only server", async () => {
      const health = store.writeHealth!;
      await admin(`alter database ${databaseName} set default_transaction_read_only = on`);
      // The failover: the connections are lost, and the pool's next ones are read-only sessions.
      await admin(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [databaseName],
      );
      await expect.poll(() => holdConnections().then(() => "held", String), { timeout: 10_000 }).toBe("held");
      const readOnlyBackends = await holdConnections();

      await expect(databaseAnswers(store.db, health)).resolves.toMatch(/^cannot write: read-only \(since /);
      await expect(probeWrite(store.db, Date.now())).rejects.toMatchObject({ code: "25006" });
      expect(health.current()?.fault).toBe("read-only");

      // The new primary: new sessions can write; those the pool opened before stay read-only.
      await admin(`alter database ${databaseName} reset default_transaction_read_only`);
      for (let write = 0; write < heldConnections; write += 1) {
        await expect(probeWrite(store.db, Date.now())).resolves.toBeUndefined();
      }
      expect(readOnlyBackends).not.toContain(await backendId());
      await expect(databaseAnswers(store.db, health)).resolves.toBe(true);
      expect(health.current()).toBeUndefined();
    });
  },
);
