// Real database faults, injected with a trigger: the second outbox row of one event fails to insert, after
// its inbox row and first outbox row were written (a crash in the middle of the fan-out).
import { sql } from "kysely";
import type { MigratedStore, TestDatabase } from "../../store/databases.js";

export async function failSecondOutboxRowOf(
  store: MigratedStore,
  database: TestDatabase,
  eventId: string,
): Promise<void> {
  // Event ids in tests are plain identifiers; the trigger text cannot take a bound parameter.
  if (!/^[\w-]+$/.test(eventId)) throw new Error("use a plain event id");
  if (database.dialect === "sqlite") {
    await sql
      .raw(
        `create trigger fail_second_outbox before insert on outbox
         when new.event_id = '${eventId}' and (select count(*) from outbox where event_id = '${eventId}') >= 1
         begin select raise(abort, 'injected fault'); end`,
      )
      .execute(store.db);
    return;
  }
  await sql
    .raw(
      `create function fail_second_outbox() returns trigger language plpgsql as $$
       begin
         if new.event_id = '${eventId}' and (select count(*) from outbox where event_id = '${eventId}') >= 1 then
           raise exception 'injected fault';
         end if;
         return new;
       end $$`,
    )
    .execute(store.db);
  await sql`create trigger fail_second_outbox before insert on outbox
    for each row execute function fail_second_outbox()`.execute(store.db);
}

export async function removeFault(store: MigratedStore, database: TestDatabase): Promise<void> {
  if (database.dialect === "sqlite") {
    await sql`drop trigger fail_second_outbox`.execute(store.db);
    return;
  }
  await sql`drop trigger fail_second_outbox on outbox`.execute(store.db);
  await sql`drop function fail_second_outbox()`.execute(store.db);
}
