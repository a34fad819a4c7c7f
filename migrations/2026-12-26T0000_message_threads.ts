// The public thread a message starts (src/store/message-threads.ts, docs/architecture.md, "Posting"): a battle
// card's, and now a tournament's from its start post or reminder, one per subject and channel. A card's thread
// moves here from battle_cards.thread_id, so routing reads one table for both.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("message_threads")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("channel_id", "text", (col) => col.notNull())
    .addColumn("subject_kind", "text", (col) => col.notNull())
    .addColumn("subject_id", "text", (col) => col.notNull())
    .addColumn("message_id", "text", (col) => col.notNull())
    .addColumn("thread_id", "text")
    .addColumn("queued_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("message_threads_pk", ["guild_id", "channel_id", "subject_kind", "subject_id"])
    .execute();
  await db.schema
    .createIndex("message_threads_subject")
    .on("message_threads")
    .columns(["subject_kind", "subject_id"])
    .execute();
  const cards = await db
    .selectFrom("battle_cards")
    .select(["guild_id", "channel_id", "battle_id", "message_id", "thread_id", "updated_at"])
    .execute();
  for (const card of cards) {
    await db
      .insertInto("message_threads")
      .values({
        guild_id: card.guild_id,
        channel_id: card.channel_id,
        subject_kind: "battle",
        subject_id: card.battle_id,
        message_id: card.message_id,
        thread_id: card.thread_id,
        queued_at: card.updated_at,
      })
      .execute();
  }
  await db.schema.alterTable("battle_cards").dropColumn("thread_id").execute();
  // Thread rows queued before the upgrade keep going under the source's new name.
  await db
    .updateTable("inbox_events")
    .set({ source: "message-thread" })
    .where("source", "=", "battle-thread")
    .execute();
  await db
    .updateTable("outbox")
    .set({ source: "message-thread" })
    .where("source", "=", "battle-thread")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").addColumn("thread_id", "text").execute();
  const threads = await db
    .selectFrom("message_threads")
    .select(["guild_id", "subject_id", "message_id", "thread_id"])
    .where("subject_kind", "=", "battle")
    .execute();
  for (const thread of threads) {
    const threadId: unknown = thread.thread_id;
    await db
      .updateTable("battle_cards")
      .set({ thread_id: threadId })
      .where("guild_id", "=", thread.guild_id)
      .where("battle_id", "=", thread.subject_id)
      .where("message_id", "=", thread.message_id)
      .execute();
  }
  await db
    .updateTable("inbox_events")
    .set({ source: "battle-thread" })
    .where("source", "=", "message-thread")
    .execute();
  await db
    .updateTable("outbox")
    .set({ source: "battle-thread" })
    .where("source", "=", "message-thread")
    .execute();
  await db.schema.dropTable("message_threads").execute();
}
