// The posts a route put in a thread the bot lost, queued in the thread's channel instead
// (docs/architecture.md, "Posting"): what the announcements' source registers for its rows of a lost thread
// (src/store/forget-thread.ts drops them).
import type { Kysely } from "kysely";
import { canonicalEventKind } from "../events/event-kinds.js";
import type { Database } from "./database.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { inboxKeyOf } from "./inbox.js";
import { enqueueOutboxRows, type OutboxEntry } from "./outbox.js";
import { listGuildSubscriptions } from "./subscriptions.js";

/**
 * The routed posts among `rows` (a thread post naming the route that passed its event), queued in their
 * channel in their place (their creation time) and due now, or when a rating change's summary window ends,
 * while their route is active and still takes the event's kind: one narrowed, paused or removed since posts
 * nothing. A channel that has the event's post already (a result goes to both) keeps that one. The thread's
 * own notices (no route) go nowhere.
 */
export async function requeueRoutedPosts(
  db: Kysely<Database>,
  {
    guildId,
    now,
    rows,
  }: { readonly guildId: string; readonly now: number; readonly rows: readonly OutboxEntry[] },
): Promise<void> {
  const posts = rows.filter((row) => row.action === "thread-post" && row.subscriptionId !== null);
  if (posts.length === 0) return;
  const routes = new Map(
    (await listGuildSubscriptions(db, guildId))
      .filter((route) => route.status === "active")
      .map((route) => [route.id, route]),
  );
  const kinds = await readEventKinds(db, posts);
  const moved = posts.filter((row) => {
    const kind = kinds.get(inboxKeyOf(row));
    const route = routes.get(row.subscriptionId ?? "");
    return kind !== undefined && route?.eventKinds.includes(kind) === true;
  });
  await enqueueOutboxRows(
    db,
    moved.map((row) => ({
      source: row.source,
      eventId: row.eventId,
      guildId,
      channelId: row.channelId,
      subscriptionId: row.subscriptionId,
      action: "post",
      targetMessageId: null,
      now: row.createdAt,
      // A rating change waits out its summary window still; a wait of the thread's own (a retry) is over.
      dueAt: row.summaryKey === null ? now : Math.max(row.nextAttemptAt, now),
      ...(row.summaryKey === null ? {} : { summaryKey: row.summaryKey }),
    })),
  );
}

/** The kind of each row's event, by its inbox key. */
async function readEventKinds(db: Kysely<Database>, rows: readonly OutboxEntry[]) {
  const eventIds = [...new Set(rows.map((row) => row.eventId))];
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
