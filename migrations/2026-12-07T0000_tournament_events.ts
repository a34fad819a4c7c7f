// Tournaments as Discord scheduled events (docs/architecture.md, "Tournament events"): a server's setting, and
// one row per tournament it shows as an event, with what the event should be, what Discord last accepted, and
// the lease of the instance syncing it.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tournament_event_settings")
    .addColumn("guild_id", "text", (col) => col.primaryKey())
    .addColumn("enabled_by", "text", (col) => col.notNull())
    .addColumn("permission_problem", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("tournament_events")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("tournament_id", "text", (col) => col.notNull())
    .addColumn("discord_event_id", "text")
    .addColumn("create_attempted", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("wanted_status", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("location", "text", (col) => col.notNull())
    .addColumn("starts_at", "bigint", (col) => col.notNull())
    .addColumn("ends_at", "bigint", (col) => col.notNull())
    .addColumn("synced_status", "text")
    .addColumn("synced_fields", "text")
    .addColumn("due_at", "bigint")
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "bigint")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("tournament_events_pk", ["guild_id", "tournament_id"])
    .execute();
  await db.schema.createIndex("tournament_events_due").on("tournament_events").column("due_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tournament_events").execute();
  await db.schema.dropTable("tournament_event_settings").execute();
}
