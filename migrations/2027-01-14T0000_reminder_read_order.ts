// Which read of a server's open tournaments last brought its reminders in line: each claim of a read counts
// one more (reminder_settings.read_claims), and the count of the read that last wrote is kept (synced_read).
// A read that commits after a later one did (two instances, a platform slower than the poll interval) writes
// nothing, where it brought back a moved start's reminders and cancelled the new start's
// (src/store/tournament-reminder-sync.ts).
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("reminder_settings")
    .addColumn("read_claims", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("reminder_settings").addColumn("synced_read", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("reminder_settings").dropColumn("synced_read").execute();
  await db.schema.alterTable("reminder_settings").dropColumn("read_claims").execute();
}
