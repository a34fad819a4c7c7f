// The public card /battle create posted in a guild, edited live as the battle's events arrive
// (docs/architecture.md, "Webhooks in").
import type { Kysely, Selectable } from "kysely";
import type { BattleCardsTable, Database } from "./database.js";
import { cardBattleId, isBattleResult } from "../events/card-battle-id.js";
import { nothingQueued, type EventStoredSubscriber } from "./event-stored-subscribers.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { preparedRead } from "./prepared-reads.js";

export interface BattleCard {
  readonly battleId: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /**
   * The card's public thread, from the moment its start is queued with the card (src/store/message-threads.ts,
   * read with the card); null where the card starts none or its thread was forgotten.
   */
  readonly threadId: string | null;
}

/**
 * Records the card, or moves it to a new message when the battle is announced again in the same guild (whose
 * thread is then to start again: saveCardStartingThread in message-threads.ts). The card returned has no
 * thread: saveCardStartingThread records the one it queues.
 */
export async function saveBattleCard(
  db: Kysely<Database>,
  input: Omit<BattleCard, "createdAt" | "updatedAt" | "threadId"> & { readonly now: number },
): Promise<BattleCard> {
  const changes = {
    channel_id: input.channelId,
    message_id: input.messageId,
    created_by: input.createdBy,
    updated_at: input.now,
  };
  const row = await db
    .insertInto("battle_cards")
    .values({ battle_id: input.battleId, guild_id: input.guildId, created_at: input.now, ...changes })
    .onConflict((conflict) => conflict.columns(["battle_id", "guild_id"]).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
  // A card on a new message has no thread of its own yet: saveCardStartingThread queues and records it.
  return toBattleCard({ ...row, thread_id: null });
}

export async function findBattleCard(
  db: Kysely<Database>,
  key: { readonly battleId: string; readonly guildId: string },
): Promise<BattleCard | undefined> {
  const row = await joinCardThreads(db)
    .where("battle_cards.battle_id", "=", key.battleId)
    .where("battle_cards.guild_id", "=", key.guildId)
    .executeTakeFirst();
  return row === undefined ? undefined : toBattleCard(row);
}

/** Every guild's card for a battle: where a battle event edits a card (docs/architecture.md, "Routing"). */
export async function listBattleCards(db: Kysely<Database>, battleId: string): Promise<BattleCard[]> {
  const rows = await joinCardThreads(db)
    .where("battle_cards.battle_id", "=", battleId)
    .orderBy("battle_cards.guild_id")
    .execute();
  return rows.map(toBattleCard);
}

/** Cards with their thread (src/store/message-threads.ts): the thread started from the card's own message. */
function joinCardThreads(db: Kysely<Database>) {
  return db
    .selectFrom("battle_cards")
    .leftJoin("message_threads", (join) =>
      join
        .onRef("message_threads.guild_id", "=", "battle_cards.guild_id")
        .onRef("message_threads.channel_id", "=", "battle_cards.channel_id")
        .on("message_threads.subject_kind", "=", "battle")
        .onRef("message_threads.subject_id", "=", "battle_cards.battle_id")
        .onRef("message_threads.message_id", "=", "battle_cards.message_id"),
    )
    .selectAll("battle_cards")
    .select("message_threads.thread_id");
}

/** listBattleCards for many battles at once, by battle id; a battle with no card is absent. */
export async function listBattleCardsOf(
  db: Kysely<Database>,
  battleIds: Iterable<string>,
): Promise<Map<string, BattleCard[]>> {
  const rows = await inSlices([...new Set(battleIds)], idsPerQuery, (some) =>
    readCardsOf(db, { battleIds: some }),
  );
  const cards = new Map<string, BattleCard[]>();
  for (const row of rows) cards.set(row.battle_id, [...(cards.get(row.battle_id) ?? []), toBattleCard(row)]);
  return cards;
}

/** Read for every battle event stored (src/webhooks/route-event.ts), so built once (prepared-reads.ts). */
const readCardsOf = preparedRead((db, { battleIds }: { readonly battleIds: readonly string[] }) =>
  joinCardThreads(db)
    .where("battle_cards.battle_id", "in", battleIds)
    .orderBy("battle_cards.battle_id")
    .orderBy("battle_cards.guild_id"),
);

/** A battle whose card was posted in a guild, for the battle-id autocomplete. */
export interface AnnouncedBattle {
  readonly battleId: string;
  readonly createdAt: number;
  /** The creator's platform username when they are linked here. */
  readonly creatorName: string | undefined;
}

/**
 * The battles whose cards were posted in this guild, newest first, with the creator's linked name: what the
 * battle-id autocomplete offers without asking the platform (it must answer within 3 s). `openOnly` leaves
 * out a battle whose result was stored for its card here (`ended_at`, recordBattleCardEnds).
 */
export async function listAnnouncedBattles(
  db: Kysely<Database>,
  guildId: string,
  limit: number,
  options: { readonly openOnly?: boolean } = {},
): Promise<AnnouncedBattle[]> {
  let query = db
    .selectFrom("battle_cards")
    .leftJoin("member_links", (join) =>
      join
        .onRef("member_links.guild_id", "=", "battle_cards.guild_id")
        .onRef("member_links.user_id", "=", "battle_cards.created_by"),
    )
    .select([
      "battle_cards.battle_id as battleId",
      "battle_cards.created_at as createdAt",
      "member_links.platform_username as creatorName",
    ])
    .where("battle_cards.guild_id", "=", guildId);
  if (options.openOnly === true) query = query.where("battle_cards.ended_at", "is", null);
  const rows = await query
    .orderBy("battle_cards.created_at", "desc")
    .orderBy("battle_cards.battle_id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, creatorName: row.creatorName ?? undefined }));
}

/**
 * Marks ended the cards of each battle whose result the storing transaction holds, in the event's reach
 * (every server's from the operator's webhook, its own from a server's endpoint): `/battle join` and `/battle
 * submit` no longer suggest them. Test deliveries never reach it (src/webhooks/ingest-event.ts).
 */
export const recordBattleCardEnds: EventStoredSubscriber = async (trx, stored) => {
  const ends = new Map<string, { readonly guildId: string | undefined; now: number; battleIds: string[] }>();
  for (const { event, context } of stored) {
    const battleId = isBattleResult(event.kind) ? cardBattleId(event) : undefined;
    if (battleId === undefined) continue;
    const scope = context.guildId ?? "";
    const end = ends.get(scope);
    if (end === undefined)
      ends.set(scope, { guildId: context.guildId, now: context.now, battleIds: [battleId] });
    else {
      end.battleIds.push(battleId);
      end.now = Math.max(end.now, context.now);
    }
  }
  for (const { guildId, now, battleIds } of ends.values()) {
    await inSlices(battleIds, idsPerQuery, async (slice) => {
      await markCardsEnded(trx, { battleIds: slice, now, guildId });
      return [];
    });
  }
  return stored.map(() => nothingQueued);
};

/** Run in every commit that stores a battle's result, so built once per shape (prepared-reads.ts). */
const markCardsEnded = preparedRead(
  (
    db,
    args: {
      readonly battleIds: readonly string[];
      readonly now: number;
      readonly guildId: string | undefined;
    },
  ) => {
    const update = db
      .updateTable("battle_cards")
      .set({ ended_at: args.now })
      .where("battle_id", "in", args.battleIds)
      .where("ended_at", "is", null);
    return args.guildId === undefined ? update : update.where("guild_id", "=", args.guildId);
  },
);

export async function deleteBattleCard(
  db: Kysely<Database>,
  key: { readonly battleId: string; readonly guildId: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom("battle_cards")
    .where("battle_id", "=", key.battleId)
    .where("guild_id", "=", key.guildId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function toBattleCard(row: Selectable<BattleCardsTable> & { readonly thread_id: string | null }): BattleCard {
  return {
    battleId: row.battle_id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    messageId: row.message_id,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    threadId: row.thread_id,
  };
}
