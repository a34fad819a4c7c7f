// PostgreSQL race tests: a transaction the test keeps open, and whether another statement waits on its locks.
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../../src/store/database.js";
import { waitUntil } from "../../e2e/support/wait-until.js";

export interface HeldTransaction {
  /** The transaction's session, so a test waits only for the sessions it blocks (not another file's). */
  readonly pid: number;
  commit(): Promise<void>;
}

/** Runs `change` in a transaction held open until `commit` is called. */
export async function holdOpen(
  db: Kysely<Database>,
  change: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<HeldTransaction> {
  let mayCommit!: () => void;
  const commitAllowed = new Promise<void>((resolve) => (mayCommit = resolve));
  let written!: (pid: number) => void;
  const hasWritten = new Promise<number>((resolve) => (written = resolve));
  const transaction = db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    await change(trx);
    written(rows[0]?.pid ?? 0);
    await commitAllowed;
  });
  // A change that fails rejects here rather than leave the test waiting for its pid.
  const pid = await Promise.race([hasWritten, transaction.then(() => 0)]);
  return {
    pid,
    async commit() {
      mayCommit();
      await transaction;
    },
  };
}

/**
 * "waiting for the change" once `work` waits on a lock the held transaction's session holds; "done before the
 * change committed" when it finishes first (it did not wait).
 */
export async function waitsForTheChange(db: Kysely<Database>, holder: number, work: Promise<unknown>) {
  const waiting = waitUntil(
    async () => {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where ${holder}::int = any(pg_blocking_pids(pid))`.execute(db);
      return (rows[0]?.waiting ?? 0) > 0;
    },
    { timeoutMs: 10_000, what: "the statement to wait for the held transaction's lock" },
  ).then(() => "waiting for the change");
  return Promise.race([waiting, work.then(() => "done before the change committed")]);
}
