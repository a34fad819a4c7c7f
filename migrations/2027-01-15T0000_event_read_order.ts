// The events' own reads of a server's open tournaments (a server without reminders) in the order they were
// claimed, as the reminders' reads are (2027-01-14T0000_reminder_read_order): each claim counts one more
// (tournament_event_settings.read_claims), and the count of the read that last brought the server's event
// rows in line is kept (synced_read). A read that commits after a later one did (two instances, a platform
// slower than the poll interval) writes nothing, where it moved an event back to the start it had read
// (src/store/tournament-event-row-sync.ts).
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tournament_event_settings")
    .addColumn("read_claims", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tournament_event_settings").addColumn("synced_read", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_event_settings").dropColumn("synced_read").execute();
  await db.schema.alterTable("tournament_event_settings").dropColumn("read_claims").execute();
}
