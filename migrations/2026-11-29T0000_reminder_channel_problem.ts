// Why the bot can no longer post tournament reminders in their channel (docs/architecture.md, "Tournament
// reminders"): set when a reminder met 403 there and the admins were told, cleared when the settings are saved.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("reminder_settings").addColumn("channel_problem", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("reminder_settings").dropColumn("channel_problem").execute();
}
