// What linked members did, per server, as the platform's events arrive (docs/architecture.md, "The weekly
// digest"): rating changes, battle results and achievements, each row one event about one member in one
// server. The weekly digest and `/leaderboard server period:week|month` are read from it; rows are kept a
// year.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("member_activity")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("platform_user_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("occurred_at", "bigint", (col) => col.notNull())
    .addColumn("recorded_at", "bigint", (col) => col.notNull())
    .addColumn("rating_change", "integer")
    .addColumn("new_rating", "integer")
    .addColumn("promoted_to", "text")
    .addColumn("battle_id", "text")
    .addColumn("outcome", "text")
    .addColumn("achievement", "text")
    // One event is recorded once per member and server, whichever route delivered it.
    .addPrimaryKeyConstraint("member_activity_pk", ["guild_id", "event_id", "platform_user_id"])
    .execute();
  // The digest and the period leaderboard read one server's rows of a period.
  await db.schema
    .createIndex("member_activity_guild_time_index")
    .on("member_activity")
    .columns(["guild_id", "occurred_at"])
    .execute();
  // The hourly prune deletes rows recorded more than a year ago.
  await db.schema
    .createIndex("member_activity_recorded_index")
    .on("member_activity")
    .column("recorded_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("member_activity").execute();
}
