// Real database faults for the token revocation queue, injected with a trigger on token_revocations, as a full
// disk or a lost connection would fail its writes; removed after each test.
import { sql } from "kysely";
import type { MigratedStore, TestDatabase } from "../../store/databases.js";

/** Makes every `insert` (queueing), `update` (the claim) or `delete` (finishing a row) of token_revocations fail. */
export async function failRevocationWrites(
  store: MigratedStore,
  database: TestDatabase,
  write: "insert" | "update" | "delete",
): Promise<void> {
  if (database.dialect === "sqlite") {
    await sql
      .raw(
        `create trigger fail_revocation before ${write} on token_revocations
         begin select raise(abort, 'injected fault'); end`,
      )
      .execute(store.db);
    return;
  }
  await sql`create function fail_revocation() returns trigger language plpgsql as $$
    begin raise exception 'injected fault'; end $$`.execute(store.db);
  await sql
    .raw(
      `create trigger fail_revocation before ${write} on token_revocations
       for each row execute function fail_revocation()`,
    )
    .execute(store.db);
}

export async function removeRevocationFault(store: MigratedStore, database: TestDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    await sql`drop trigger if exists fail_revocation`.execute(store.db);
    return;
  }
  await sql`drop trigger if exists fail_revocation on token_revocations`.execute(store.db);
  await sql`drop function if exists fail_revocation()`.execute(store.db);
}
