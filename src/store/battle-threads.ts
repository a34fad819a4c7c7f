// The public thread a battle card starts (docs/architecture.md, "Posting"): its start, its posts and its
// archiving are outbox rows in the card's channel, so they keep that channel's order and go out exactly once
// like every post. Discord gives a thread started from a message the message's id (docs: Topics, Threads).
import type { Kysely } from "kysely";
import { saveBattleCard, type BattleCard } from "./battle-cards.js";
import { isChannelThreadsPaused } from "./battle-thread-pauses.js";
import { listGuildSubscriptions } from "./subscriptions.js";
import type { Database } from "./database.js";
import { createOrderedId } from "./ids.js";
import { insertInboxEvent } from "./inbox.js";
import { enqueueOutbox } from "./outbox.js";

/** The rows that start a card's thread; their event id names an inbox row holding the battle's id. */
export const battleThreadSource = "battle-thread";
const battleThreadKind = "battle.thread";

type CardKey = Pick<BattleCard, "battleId" | "guildId" | "channelId" | "messageId">;

/**
 * Saves a card just posted (saveBattleCard) and queues the start of its thread in the same transaction, so a
 * card is never kept without its thread to come, and a crash or a second instance starts it once. A channel
 * where Discord refused threads (battle-thread-pauses.ts), or whose route asks for battle updates in the
 * channel (`/subscribe battle-updates`), gets none.
 */
export async function saveCardStartingThread(
  db: Kysely<Database>,
  input: Parameters<typeof saveBattleCard>[1],
): Promise<BattleCard> {
  return db.transaction().execute(async (trx) => {
    const card = await saveBattleCard(trx, input);
    if (await wantsThread(trx, card)) await queueThreadStart(trx, card, input.now);
    return card;
  });
}

/** Not where Discord refused threads, nor where the channel's route asks for battle updates in the channel. */
async function wantsThread(db: Kysely<Database>, card: CardKey): Promise<boolean> {
  if (await isChannelThreadsPaused(db, card)) return false;
  const routes = await listGuildSubscriptions(db, card.guildId);
  return !routes.some(
    (route) => route.channelId === card.channelId && route.filters.battleUpdates === "channel",
  );
}

async function queueThreadStart(db: Kysely<Database>, card: CardKey, now: number): Promise<void> {
  const eventId = createOrderedId(now);
  await insertInboxEvent(db, {
    eventId,
    kind: battleThreadKind,
    source: battleThreadSource,
    status: "accepted",
    payload: { battleId: card.battleId },
    receivedAt: now,
  });
  await enqueueOutbox(db, {
    source: battleThreadSource,
    eventId,
    guildId: card.guildId,
    channelId: card.channelId,
    subscriptionId: null,
    action: "start-thread",
    targetMessageId: card.messageId,
    now,
  });
}

/** After Discord made the thread of the card posted as `messageId`: its updates go there from now on. */
export async function recordThreadStarted(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly messageId: string },
): Promise<void> {
  await db
    .updateTable("battle_cards")
    .set({ thread_id: key.messageId })
    .where("guild_id", "=", key.guildId)
    .where("message_id", "=", key.messageId)
    .execute();
}

/**
 * The thread is gone or closed to the bot: the card forgets it, so its battle's updates are posted in the
 * channel again, and the thread's pending rows are dropped (each would fail the same way). Returns whether
 * the card still had it, so a failure is told once.
 */
export async function forgetThread(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly threadId: string; readonly error: string },
): Promise<boolean> {
  const forgotten = await db
    .updateTable("battle_cards")
    .set({ thread_id: null })
    .where("guild_id", "=", key.guildId)
    .where("thread_id", "=", key.threadId)
    .executeTakeFirst();
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

/** The battle a thread-start row is for, from its inbox row. */
export async function findThreadBattleId(db: Kysely<Database>, eventId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("inbox_events")
    .select("payload")
    .where("source", "=", battleThreadSource)
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const payload = JSON.parse(row.payload) as { battleId?: unknown };
  return typeof payload.battleId === "string" ? payload.battleId : undefined;
}

/** Whether posts queued for the thread before `createdAt` still wait: the archive goes after them. */
export async function hasThreadPostsWaiting(
  db: Kysely<Database>,
  key: { readonly threadId: string; readonly createdAt: number },
): Promise<boolean> {
  const row = await db
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("action", "=", "thread-post")
    .where("target_message_id", "=", key.threadId)
    .where("created_at", "<=", key.createdAt)
    .executeTakeFirst();
  return row !== undefined;
}
