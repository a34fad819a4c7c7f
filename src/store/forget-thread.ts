// Forgetting a message's thread that Discord deleted or closed to the bot (docs/architecture.md, "Posting"):
// its subject's updates go to the channel again, its pending rows are dropped, and the posts a route would have
// put in the channel had there been no thread go there instead (src/store/message-threads.ts keeps the threads).
import type { Kysely, Selectable } from "kysely";
import { canonicalEventKind } from "../events/event-kinds.js";
import type { Database, OutboxTable } from "./database.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { inboxKeyOf } from "./inbox.js";
import { isLeaseFree } from "./leases.js";
import { enqueueOutboxRows } from "./outbox.js";
import { listGuildSubscriptions } from "./subscriptions.js";
import { reminderSource } from "./tournament-reminders.js";

/** What a dropped row of the thread tells of the post it was. */
const droppedColumns = [
  "id",
  "action",
  "source",
  "event_id",
  "channel_id",
  "subscription_id",
  "summary_key",
  "created_at",
  "next_attempt_at",
] as const;

/**
 * The thread is gone or closed to the bot: it is forgotten, so its subject's updates are posted in the
 * channel again, and the thread's pending rows are dropped (each would fail the same way), but for those a
 * worker holds (the failing one's other claimed rows too), which fail on their own and come back here as
 * `failedRowIds`. A post a route would have put in the channel had there been no thread (its row names that
 * route) is queued there instead, in its place in the channel's order, the failed ones too, while the route
 * still takes the event's kind, and so is a tournament reminder while the channel is still the server's reminder
 * channel; the thread's own notice (a join) goes nowhere. Returns whether the
 * thread was still known, so a failure is told once.
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
  // Dropped and read in one statement, so a row another transaction commits or delivers meanwhile is either
  // dropped and moved or left as it is, never one without the other.
  const dropped = await db
    .updateTable("outbox")
    .set({ status: "dead", last_error: key.error, lease_owner: null, lease_expires_at: null })
    .where("status", "=", "pending")
    .where("guild_id", "=", key.guildId)
    .where("action", "in", ["thread-post", "archive-thread"])
    .where("target_message_id", "=", key.threadId)
    .where(isLeaseFree(db, { table: "outbox", now: key.now }))
    .returning(droppedColumns)
    .execute();
  const failedRowIds = key.failedRowIds ?? [];
  const failed =
    failedRowIds.length === 0
      ? []
      : await inSlices(failedRowIds, idsPerQuery, (some) =>
          db
            .selectFrom("outbox")
            .select(droppedColumns)
            .where("id", "in", some)
            // Still dead as its sender recorded it: one that lost its lease may be another worker's now.
            .where("status", "=", "dead")
            .where("guild_id", "=", key.guildId)
            .where("target_message_id", "=", key.threadId)
            .execute(),
        );
  await movePostsToChannel(db, key, [...dropped, ...failed]);
  return forgotten.numUpdatedRows > 0n;
}

type DroppedRow = Pick<Selectable<OutboxTable>, (typeof droppedColumns)[number]>;

/**
 * The routed posts among `rows`, queued in their channel in their place (their creation time) and due now, or
 * when a rating change's summary window ends, while their route is active and still takes the event's kind:
 * one narrowed, paused or removed since posts nothing. A channel that has the event's post already (a result
 * goes to both) keeps that one.
 */
async function movePostsToChannel(
  db: Kysely<Database>,
  { guildId, now }: { readonly guildId: string; readonly now: number },
  rows: readonly DroppedRow[],
): Promise<void> {
  await moveRemindersToChannel(db, { guildId, now }, rows);
  const posts = rows.filter((row) => row.action === "thread-post" && row.subscription_id !== null);
  if (posts.length === 0) return;
  const routes = new Map(
    (await listGuildSubscriptions(db, guildId))
      .filter((route) => route.status === "active")
      .map((route) => [route.id, route]),
  );
  const kinds = await readEventKinds(db, posts);
  const moved = posts.filter((row) => {
    const kind = kinds.get(inboxKeyOf({ source: row.source, eventId: row.event_id }));
    const route = routes.get(row.subscription_id ?? "");
    return kind !== undefined && route?.eventKinds.includes(kind) === true;
  });
  await enqueueOutboxRows(
    db,
    moved.map((row) => ({
      source: row.source,
      eventId: row.event_id,
      guildId,
      channelId: row.channel_id,
      subscriptionId: row.subscription_id,
      action: "post",
      targetMessageId: null,
      now: row.created_at,
      // A rating change waits out its summary window still; a wait of the thread's own (a retry) is over.
      dueAt: row.summary_key === null ? now : Math.max(row.next_attempt_at, now),
      ...(row.summary_key === null ? {} : { summaryKey: row.summary_key }),
    })),
  );
}

/**
 * A tournament reminder meant for the thread, posted in the channel instead, due now, while the channel is still
 * the server's reminder channel: the members who asked for the reminder are pinged all the same. Its render
 * step decides again whether it is still worth posting (src/announcements/reminder-post.ts).
 */
async function moveRemindersToChannel(
  db: Kysely<Database>,
  { guildId, now }: { readonly guildId: string; readonly now: number },
  rows: readonly DroppedRow[],
): Promise<void> {
  const reminders = rows.filter((row) => row.action === "thread-post" && row.source === reminderSource);
  if (reminders.length === 0) return;
  const settings = await db
    .selectFrom("reminder_settings")
    .select("channel_id")
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  await enqueueOutboxRows(
    db,
    reminders
      .filter((row) => row.channel_id === settings?.channel_id)
      .map((row) => ({
        source: row.source,
        eventId: row.event_id,
        guildId,
        channelId: row.channel_id,
        subscriptionId: null,
        action: "post",
        targetMessageId: null,
        now: row.created_at,
        dueAt: now,
      })),
  );
}

/** The kind of each row's event, by its inbox key. */
async function readEventKinds(db: Kysely<Database>, rows: readonly DroppedRow[]) {
  const eventIds = [...new Set(rows.map((row) => row.event_id))];
  // By source too, so the inbox's key serves the look-up.
  const sources = [...new Set(rows.map((row) => row.source))];
  const stored = await inSlices(eventIds, idsPerQuery, (some) =>
    db
      .selectFrom("inbox_events")
      .select(["source", "event_id", "kind"])
      .where("source", "in", sources)
      .where("event_id", "in", some)
      .execute(),
  );
  return new Map(
    stored.flatMap((row) => {
      const kind = canonicalEventKind(row.kind);
      return kind === undefined
        ? []
        : [[inboxKeyOf({ source: row.source, eventId: row.event_id }), kind] as const];
    }),
  );
}
