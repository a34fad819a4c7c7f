// The servers the bot was removed from, and when (docs/architecture.md, "When the bot leaves a server"). While a
// guild has a row here nothing is routed or posted to it; its data is deleted once the row is older than
// GUILD_DATA_GRACE_DAYS, and the row goes when the bot is added back.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guild_removals")
    .addColumn("guild_id", "text", (col) => col.primaryKey())
    .addColumn("removed_at", "bigint", (col) => col.notNull())
    .execute();
  // The hourly purge looks for removals older than the grace period.
  await db.schema
    .createIndex("guild_removals_removed_at_index")
    .on("guild_removals")
    .column("removed_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("guild_removals").execute();
}
