// Forgetting a message's thread that Discord deleted or closed to the bot (docs/architecture.md, "Posting"):
// its subject's updates go to the channel again, its pending rows are dropped, and the posts a route would have
// put in the channel had there been no thread go there instead (src/store/message-threads.ts keeps the threads).
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { enqueueOutboxRows } from "./outbox.js";

/**
 * The thread is gone or closed to the bot: it is forgotten, so its subject's updates are posted in the
 * channel again, and the thread's pending rows are dropped (each would fail the same way). A post a route
 * would have put in the channel had there been no thread (its row names that route) is queued there instead,
 * the one whose failure told of it (`failedRowIds`) too, so no update a channel subscribed to is lost; the
 * thread's own notices (a join) go nowhere. Returns whether the thread was still known, so a failure is told
 * once.
 */
export async function forgetThread(
  db: Kysely<Database>,
  key: {
    readonly guildId: string;
    readonly threadId: string;
    readonly error: string;
    readonly now: number;
    readonly failedRowIds?: readonly string[];
  },
): Promise<boolean> {
  const forgotten = await db
    .updateTable("message_threads")
    .set({ thread_id: null })
    .where("guild_id", "=", key.guildId)
    .where("thread_id", "=", key.threadId)
    .executeTakeFirst();
  await moveRoutedPostsToChannel(db, key);
  await db
    .updateTable("outbox")
    .set({ status: "dead", last_error: key.error, lease_owner: null, lease_expires_at: null })
    .where("status", "=", "pending")
    .where("guild_id", "=", key.guildId)
    .where("action", "in", ["thread-post", "archive-thread"])
    .where("target_message_id", "=", key.threadId)
    .execute();
  return forgotten.numUpdatedRows > 0n;
}

/**
 * The thread's routed posts still to go (or that just failed), queued as posts in its channel, due now, while
 * their route is still active (one removed or paused since posts nothing).
 */
async function moveRoutedPostsToChannel(
  db: Kysely<Database>,
  key: Parameters<typeof forgetThread>[1],
): Promise<void> {
  const failedRowIds = key.failedRowIds ?? [];
  const rows = await db
    .selectFrom("outbox")
    .innerJoin("subscriptions", (join) =>
      join
        .onRef("subscriptions.id", "=", "outbox.subscription_id")
        .onRef("subscriptions.guild_id", "=", "outbox.guild_id"),
    )
    .select([
      "outbox.source",
      "outbox.event_id",
      "outbox.channel_id",
      "outbox.subscription_id",
      "outbox.summary_key",
    ])
    .where("outbox.guild_id", "=", key.guildId)
    .where("outbox.action", "=", "thread-post")
    .where("outbox.target_message_id", "=", key.threadId)
    .where("subscriptions.status", "=", "active")
    .where((eb) =>
      failedRowIds.length === 0
        ? eb("outbox.status", "=", "pending")
        : eb.or([eb("outbox.status", "=", "pending"), eb("outbox.id", "in", failedRowIds)]),
    )
    .orderBy("outbox.id")
    .execute();
  // A channel that has the event's post already (a result goes to both) keeps that one.
  await enqueueOutboxRows(
    db,
    rows.map((row) => ({
      source: row.source,
      eventId: row.event_id,
      guildId: key.guildId,
      channelId: row.channel_id,
      subscriptionId: row.subscription_id,
      action: "post",
      targetMessageId: null,
      now: key.now,
      ...(row.summary_key === null ? {} : { summaryKey: row.summary_key }),
    })),
  );
}
