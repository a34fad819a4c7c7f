// Tournament reminders (src/store/database.ts documents every column; docs/architecture.md, "Tournament
// reminders"): each server's reminder settings, and one row per reminder to send, with its due time. A due row
// is marked sent in the transaction that queues its post in the outbox, so it is sent once, whichever
// instance finds it due and whatever restarts in between.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reminder_settings")
    .addColumn("guild_id", "text", (col) => col.primaryKey())
    .addColumn("channel_id", "text", (col) => col.notNull())
    .addColumn("lead_minutes", "text", (col) => col.notNull())
    .addColumn("role_id", "text")
    .addColumn("configured_by", "text", (col) => col.notNull())
    .addColumn("next_poll_at", "bigint", (col) => col.notNull())
    .addColumn("last_polled_at", "bigint")
    .addColumn("link_problem", "text")
    .addColumn("role_problem", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("tournament_reminders")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("tournament_id", "text", (col) => col.notNull())
    .addColumn("lead_minutes", "integer", (col) => col.notNull())
    .addColumn("starts_at", "bigint", (col) => col.notNull())
    .addColumn("due_at", "bigint", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("scheduled"))
    .addColumn("status_reason", "text")
    .addColumn("tournament_started", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("format", "text")
    .addColumn("prize", "text")
    .addColumn("participants", "integer")
    .addColumn("max_participants", "integer")
    .addColumn("sent_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    // One reminder per lead time for each start time a tournament had: a moved start gets reminders of its own.
    .addUniqueConstraint("tournament_reminders_unique", [
      "guild_id",
      "tournament_id",
      "lead_minutes",
      "starts_at",
    ])
    .execute();
  // The scheduler's look-up: scheduled rows whose due time has come.
  await db.schema
    .createIndex("tournament_reminders_due_index")
    .on("tournament_reminders")
    .columns(["status", "due_at"])
    .execute();
  // A started tournament's reminders, found by the webhook that says so.
  await db.schema
    .createIndex("tournament_reminders_tournament_index")
    .on("tournament_reminders")
    .column("tournament_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tournament_reminders").execute();
  await db.schema.dropTable("reminder_settings").execute();
}
