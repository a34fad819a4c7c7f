// Create mode's role making is tried again with the outbox's backoff when Discord fails it
// (docs/architecture.md, "Tier roles"): how many attempts in a row have failed, and when the next is due.
// Existing rows are due at once.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("guild_role_settings")
    .addColumn("tiers_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("guild_role_settings")
    .addColumn("tiers_next_attempt_at", "bigint", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guild_role_settings").dropColumn("tiers_next_attempt_at").execute();
  await db.schema.alterTable("guild_role_settings").dropColumn("tiers_attempts").execute();
}
