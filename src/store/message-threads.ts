// The public thread a message starts (docs/architecture.md, "Posting"): a battle card's, and a tournament's from
// its start post or its reminder, one per subject and channel. Its start, its posts and its archiving are
// outbox rows in the message's channel, so they keep that channel's order and go out exactly once like every
// post. Discord gives a thread started from a message the message's id (docs: Topics, Threads).
import type { Kysely } from "kysely";
import { saveBattleCard, type BattleCard } from "./battle-cards.js";
import { isChannelThreadsPaused } from "./thread-pauses.js";
import { listGuildSubscriptions } from "./subscriptions.js";
import type { Database } from "./database.js";
import { createOrderedId } from "./ids.js";
import { insertInboxEvent } from "./inbox.js";
import { enqueueOutbox } from "./outbox.js";

/** The rows that start a thread; their event id names an inbox row holding the thread's subject. */
export const messageThreadSource = "message-thread";
const messageThreadKind = "message.thread";

/** What a thread is about: its updates are that battle's or that tournament's. */
export interface ThreadSubject {
  readonly kind: "battle" | "tournament";
  readonly id: string;
  /** The tournament's title, for its thread's name; a battle's is read from its answers when it starts. */
  readonly title?: string | undefined;
}

/** Where a thread starts: the message, in its channel. */
export interface ThreadPlace {
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string;
}

/**
 * Saves a card just posted (saveBattleCard) and queues the start of its thread in the same transaction, so a
 * card is never kept without its thread to come, and a crash or a second instance starts it once. A card on a
 * new message in the same channel replaces the old one's thread. A channel where Discord refused threads
 * (thread-pauses.ts), or whose route asks for updates in the channel (`/subscribe battle-updates`), gets none,
 * and so does a card posted where no thread can start (`threadless`: in a thread, in a voice channel's chat).
 * The card's thread is known from here on: started from the card it takes the card's id, so the battle's
 * updates (a join right after the card, the start) are queued for it behind its start in the channel's order,
 * and wait while that start is still to go (findThreadStartDue). Should Discord refuse or lose it, it is
 * forgotten like a thread it had made.
 */
export async function saveCardStartingThread(
  db: Kysely<Database>,
  input: Parameters<typeof saveBattleCard>[1] & { readonly threadless?: boolean },
): Promise<BattleCard> {
  return db.transaction().execute(async (trx) => {
    const { threadless = false, ...saved } = input;
    const card = await saveBattleCard(trx, saved);
    if (threadless || !(await wantsThread(trx, card))) return card;
    const subject = { kind: "battle", id: card.battleId } as const;
    const changes = { message_id: card.messageId, thread_id: card.messageId, queued_at: input.now };
    await trx
      .insertInto("message_threads")
      .values({ ...rowKeyOf(card, subject), ...changes })
      .onConflict((conflict) =>
        conflict.columns(["guild_id", "channel_id", "subject_kind", "subject_id"]).doUpdateSet(changes),
      )
      .execute();
    await queueThreadStart(trx, card, subject, input.now);
    return card;
  });
}

/** Not where Discord refused threads, nor where the channel's route asks for updates in the channel. */
export async function wantsThread(
  db: Kysely<Database>,
  place: { readonly guildId: string; readonly channelId: string },
): Promise<boolean> {
  if (await isChannelThreadsPaused(db, place)) return false;
  const routes = await listGuildSubscriptions(db, place.guildId);
  return !routes.some(
    (route) => route.channelId === place.channelId && route.filters.battleUpdates === "channel",
  );
}

export function rowKeyOf(place: Omit<ThreadPlace, "messageId">, subject: ThreadSubject) {
  return {
    guild_id: place.guildId,
    channel_id: place.channelId,
    subject_kind: subject.kind,
    subject_id: subject.id,
  };
}

export async function queueThreadStart(
  db: Kysely<Database>,
  place: ThreadPlace,
  subject: ThreadSubject,
  now: number,
): Promise<void> {
  const eventId = createOrderedId(now);
  await insertInboxEvent(db, {
    eventId,
    kind: messageThreadKind,
    source: messageThreadSource,
    status: "accepted",
    payload: { subject },
    receivedAt: now,
  });
  await enqueueOutbox(db, {
    source: messageThreadSource,
    eventId,
    guildId: place.guildId,
    channelId: place.channelId,
    subscriptionId: null,
    action: "start-thread",
    targetMessageId: place.messageId,
    now,
  });
}

/**
 * After Discord made the thread of the message `messageId`: a tournament's subject's updates go there from now
 * on (a card's thread was recorded when its start was queued).
 */
export async function recordThreadStarted(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly messageId: string },
): Promise<void> {
  await db
    .updateTable("message_threads")
    .set({ thread_id: key.messageId })
    .where("guild_id", "=", key.guildId)
    .where("message_id", "=", key.messageId)
    .execute();
}

/**
 * The subject a thread-start row is for, and the message it must still start from (a card moved to another
 * message starts a thread of its own), from its inbox row. Rows queued before tournaments had threads name
 * only their battle.
 */
export async function findThreadStart(
  db: Kysely<Database>,
  entry: { readonly eventId: string; readonly guildId: string; readonly channelId: string },
): Promise<{ readonly subject: ThreadSubject; readonly messageId: string | undefined } | undefined> {
  const row = await db
    .selectFrom("inbox_events")
    .select("payload")
    .where("source", "=", messageThreadSource)
    .where("event_id", "=", entry.eventId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const subject = readSubject(JSON.parse(row.payload) as { subject?: unknown; battleId?: unknown });
  if (subject === undefined) return undefined;
  const thread = await db
    .selectFrom("message_threads")
    .select("message_id")
    .where("guild_id", "=", entry.guildId)
    .where("channel_id", "=", entry.channelId)
    .where("subject_kind", "=", subject.kind)
    .where("subject_id", "=", subject.id)
    .executeTakeFirst();
  return { subject, messageId: thread?.message_id };
}

function readSubject(payload: { subject?: unknown; battleId?: unknown }): ThreadSubject | undefined {
  if (typeof payload.battleId === "string") return { kind: "battle", id: payload.battleId };
  const subject = payload.subject as Partial<Record<keyof ThreadSubject, unknown>> | undefined;
  if (subject === undefined || typeof subject.id !== "string") return undefined;
  if (subject.kind !== "battle" && subject.kind !== "tournament") return undefined;
  return {
    kind: subject.kind,
    id: subject.id,
    title: typeof subject.title === "string" ? subject.title : undefined,
  };
}

/**
 * When the thread's start, still to go, is next due; undefined once it went (or was given up). A post for a
 * card's thread, queued as soon as its start was, waits until then: a start put back after a failure would
 * otherwise come after the posts queued behind it.
 */
export async function findThreadStartDue(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly threadId: string },
): Promise<number | undefined> {
  const row = await latestDueOf(db, "start-thread", key.threadId)
    .where("guild_id", "=", key.guildId)
    .executeTakeFirst();
  return row?.next_attempt_at;
}

/**
 * When the last of the thread's posts queued with or before `createdAt` that still wait is next due; undefined
 * once none waits. The archive goes after them, as a post would unarchive the thread again.
 */
export async function findThreadPostsDue(
  db: Kysely<Database>,
  key: { readonly threadId: string; readonly createdAt: number },
): Promise<number | undefined> {
  const row = await latestDueOf(db, "thread-post", key.threadId)
    .where("created_at", "<=", key.createdAt)
    .executeTakeFirst();
  return row?.next_attempt_at;
}

/**
 * Whether the bot archived the thread (its archive row went): a post there now would reopen it, as Discord
 * unarchives a thread for a post.
 */
export async function wasThreadArchived(db: Kysely<Database>, threadId: string): Promise<boolean> {
  const row = await db
    .selectFrom("outbox")
    .select("id")
    .where("action", "=", "archive-thread")
    .where("target_message_id", "=", threadId)
    .where("status", "=", "delivered")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pending rows of `action` for the thread, the last due first. */
function latestDueOf(db: Kysely<Database>, action: "start-thread" | "thread-post", threadId: string) {
  return db
    .selectFrom("outbox")
    .select("next_attempt_at")
    .where("status", "=", "pending")
    .where("action", "=", action)
    .where("target_message_id", "=", threadId)
    .orderBy("next_attempt_at", "desc");
}

/**
 * Queues the archiving of a thread once what was posted in it ends its subject (a tournament's rating summary),
 * under the row that ended it, so a repeat queues nothing more.
 */
export async function queueThreadArchive(
  db: Kysely<Database>,
  input: {
    readonly source: string;
    readonly eventId: string;
    readonly guildId: string;
    readonly channelId: string;
    readonly threadId: string;
    readonly now: number;
  },
): Promise<void> {
  await enqueueOutbox(db, {
    source: input.source,
    eventId: input.eventId,
    guildId: input.guildId,
    channelId: input.channelId,
    subscriptionId: null,
    action: "archive-thread",
    targetMessageId: input.threadId,
    now: input.now,
  });
}
