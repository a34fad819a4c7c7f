// Each server's weekly digest claims the activity rows it counts when it is first read (docs/architecture.md,
// "The weekly digest"): every later reading of that digest (another channel, a retry) reads the same rows,
// and a row whose delivery committed after the claim counts in the next week instead of in none.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_activity").addColumn("week_event_id", "text").execute();
  await db.schema
    .createTable("digest_weeks")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("week_from", "bigint", (col) => col.notNull())
    .addColumn("week_to", "bigint", (col) => col.notNull())
    .addColumn("claimed_after", "bigint", (col) => col.notNull())
    .addColumn("claimed_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("digest_weeks_key", ["guild_id", "event_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("digest_weeks").execute();
  await db.schema.alterTable("member_activity").dropColumn("week_event_id").execute();
}
