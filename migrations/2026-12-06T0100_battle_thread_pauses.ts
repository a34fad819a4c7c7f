// Channels where Discord refused a battle card's thread (src/store/battle-thread-pauses.ts): no thread is
// started there until an admin resumes it, so the admins are told once, not once per card.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("battle_thread_pauses")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("channel_id", "text", (col) => col.notNull())
    .addColumn("permission", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("paused_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("battle_thread_pauses_pk", ["guild_id", "channel_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("battle_thread_pauses").execute();
}
