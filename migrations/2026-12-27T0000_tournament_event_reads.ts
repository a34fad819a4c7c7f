// Tournament events read the open tournaments on their own when the server has no reminders
// (docs/architecture.md, "Tournament events"): when the next read is due, the last read that worked, and why
// the enabling admin's link reads nothing, told once. Existing rows are due at once.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tournament_event_settings")
    .addColumn("next_poll_at", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tournament_event_settings").addColumn("last_polled_at", "bigint").execute();
  await db.schema.alterTable("tournament_event_settings").addColumn("link_problem", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_event_settings").dropColumn("link_problem").execute();
  await db.schema.alterTable("tournament_event_settings").dropColumn("last_polled_at").execute();
  await db.schema.alterTable("tournament_event_settings").dropColumn("next_poll_at").execute();
}
