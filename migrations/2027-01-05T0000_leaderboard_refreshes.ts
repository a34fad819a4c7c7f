// The platform's weekly leaderboard refreshes each server heard, with when the platform dated each and when
// the bot stored it (docs/architecture.md, "The weekly digest"): a digest's week runs from the refresh before
// it, and an activity row stored after that refresh but dated before it counts in the next digest instead of
// none.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("leaderboard_refreshes")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("stored_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("leaderboard_refreshes_key", ["guild_id", "event_id"])
    .execute();
  await db.schema
    .createIndex("leaderboard_refreshes_by_guild_created")
    .on("leaderboard_refreshes")
    .columns(["guild_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("leaderboard_refreshes").execute();
}
