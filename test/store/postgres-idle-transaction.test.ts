// An instance that stops in the middle of a transaction without its connection closing (a paused VM, a
// stopped process) must not hold that transaction's locks for good (docs/architecture.md, "Growing past one
// machine"): the server ends a transaction left idle past its time-out (open-postgres.ts), so the outbox's
// claim lock, which every instance's claims wait on, is free again. Before, the next claim waited out its
// statement time-out and failed, and so did every claim after it until the kernel gave up on the connection.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, type Store } from "../../src/store/create-db.js";
import { claimDueOutbox, outboxClaimLock } from "../../src/store/outbox-lease.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "./databases.js";

const postgres = testDatabases().find((database) => database.dialect === "postgres");

describe.skipIf(postgres === undefined)(
  "a transaction left open by a stopped instance, on PostgreSQL",
  () => {
    const store = useMigratedStore(postgres as TestDatabase);
    let stopped: Store | undefined;

    afterEach(async () => {
      await stopped?.close();
    });

    it("is ended by the server, which frees the outbox's claim lock for the other instances", async () => {
      stopped = await createDb(store.url, { postgresIdleInTransactionTimeoutMs: 1000 });
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let locked!: () => void;
      const holdsLock = new Promise<void>((resolve) => (locked = resolve));
      // It takes the claim lock, as a claim does, then stops before its next statement.
      const inTransaction = stopped.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${outboxClaimLock})`.execute(trx);
        locked();
        await paused;
        await sql`select 1`.execute(trx);
      });
      const outcome = inTransaction.then(
        () => "committed",
        () => "ended",
      );
      // Its own signal: every file's claims take this lock too, so a count of its holders could be theirs.
      await holdsLock;

      // Another instance's claim gets the lock once the server ended the idle transaction.
      const claimed = await claimDueOutbox(store.db, {
        owner: "survivor",
        now: Date.now(),
        leaseMs: 60_000,
        limit: 10,
      });
      expect(claimed).toEqual([]);

      resume();
      expect(await outcome).toBe("ended");
    });
  },
);
