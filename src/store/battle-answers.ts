// What the platform answered the bot's own calls about a battle (its create and each join), kept so the battle
// card shows them at once: the platform sends no event for a join, and a server may have no webhook at all
// (docs/architecture.md, "Routing"). A join queues an edit of every card of the battle, through the outbox.
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { z } from "zod";
import type { BattleAnswersTable, Database } from "./database.js";
import { createOrderedId } from "./ids.js";
import { listBattleCards } from "./battle-cards.js";
import { listRemovedGuilds } from "./guild-removals.js";
import { insertInboxEvent } from "./inbox.js";
import { enqueueOutboxRows } from "./outbox.js";
import { listChannelModeChannels } from "./subscriptions.js";

/**
 * The outbox rows of card edits a join queued. Their event id is the answer's id, and an inbox row of that
 * source and id stands for the answer, as every outbox row names one (src/store/outbox.ts).
 */
export const battleAnswerSource = "battle-answer";
const battleAnswerKind = "battle.answer";

const answerSchema = z.object({
  status: z.string(),
  type: z.string().optional(),
  problem: z.object({ title: z.string().optional(), difficulty: z.string().optional() }).optional(),
  language: z.string().optional(),
  timeLimit: z.number().optional(),
  maxParticipants: z.number().optional(),
  participants: z.array(z.object({ id: z.string(), username: z.string() })),
  /**
   * On a challenge's create answer: the Discord users of its two parties, the only members the bot seats in
   * it (src/commands/battle/join-battle.ts). The platform knows nothing of it.
   */
  reservedFor: z.array(z.string()).optional(),
});

/** The battle as the platform answered; what the answer left out is absent. */
export type BattleAnswerFacts = z.infer<typeof answerSchema>;

export interface BattleAnswer extends BattleAnswerFacts {
  readonly id: string;
  readonly battleId: string;
  readonly receivedAt: number;
}

interface AnswerInput {
  readonly battleId: string;
  readonly facts: BattleAnswerFacts;
  readonly now: number;
}

/**
 * Records the create answer of a battle whose card was just posted from it, or of a challenge, whose message
 * becomes the battle's card once accepted.
 */
export async function recordCreateAnswer(db: Kysely<Database>, input: AnswerInput): Promise<void> {
  await insertAnswer(db, createOrderedId(input.now), input);
}

/**
 * Records a join's answer and queues an edit of each of the battle's cards, but in a server the bot was
 * removed from, and a notice in each card's thread, in one transaction. A battle with no such card keeps
 * nothing. Returns how many rows were queued.
 */
export async function recordJoinAnswer(db: Kysely<Database>, input: AnswerInput): Promise<number> {
  const id = createOrderedId(input.now);
  return db.transaction().execute(async (trx) => {
    const all = await listBattleCards(trx, input.battleId);
    // A server the bot was removed from gets no card edit (docs/architecture.md, "Routing").
    const removed = await listRemovedGuilds(
      trx,
      all.map((card) => card.guildId),
    );
    const cards = all.filter((card) => !removed.has(card.guildId));
    if (cards.length === 0) return 0;
    await insertAnswer(trx, id, input);
    await insertInboxEvent(trx, {
      eventId: id,
      kind: battleAnswerKind,
      source: battleAnswerSource,
      status: "accepted",
      payload: { battleId: input.battleId },
      receivedAt: input.now,
    });
    // The join is told in the card's thread too, when it has one (src/store/message-threads.ts), unless a
    // route of its channel has since asked for battle updates in the channel, as routing reads it.
    const inChannel = await listChannelModeChannels(
      trx,
      cards.filter((card) => card.threadId !== null),
    );
    const queued = await enqueueOutboxRows(
      trx,
      cards.flatMap((card) => {
        const row = {
          source: battleAnswerSource,
          eventId: id,
          guildId: card.guildId,
          channelId: card.channelId,
          subscriptionId: null,
          now: input.now,
        };
        const edit = { ...row, action: "edit" as const, targetMessageId: card.messageId };
        if (card.threadId === null || inChannel.has(card.channelId)) return [edit];
        return [edit, { ...row, action: "thread-post" as const, targetMessageId: card.threadId }];
      }),
    );
    return queued.length;
  });
}

async function insertAnswer(db: Kysely<Database>, id: string, input: AnswerInput): Promise<void> {
  const answer = JSON.stringify(answerSchema.parse(input.facts));
  await db
    .insertInto("battle_answers")
    .values({ id, battle_id: input.battleId, answer, received_at: input.now })
    .execute();
}

export async function findBattleAnswer(db: Kysely<Database>, id: string): Promise<BattleAnswer | undefined> {
  const row = await db.selectFrom("battle_answers").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : toBattleAnswer(row);
}

/** A battle's answers are few (its create and one per seat); past this many, the newest are read. */
const maxAnswers = 200;

/** The battle's answers, oldest first. */
export async function listBattleAnswers(db: Kysely<Database>, battleId: string): Promise<BattleAnswer[]> {
  const rows = await db
    .selectFrom("battle_answers")
    .selectAll()
    .where("battle_id", "=", battleId)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(maxAnswers)
    .execute();
  return rows.reverse().map(toBattleAnswer);
}

/** The Discord users a challenge's battle is kept for (its two parties); undefined for any other battle. */
export async function findBattleReservation(
  db: Kysely<Database>,
  battleId: string,
): Promise<readonly string[] | undefined> {
  return (await listBattleAnswers(db, battleId)).find((answer) => answer.reservedFor !== undefined)
    ?.reservedFor;
}

/**
 * Deletes the answers of these battles that no server keeps a card of any more (a purged server's, or
 * orphans): nothing renders them again. Returns how many went.
 */
export async function deleteUncardedAnswers(
  db: Kysely<Database>,
  battleIds: readonly string[],
): Promise<number> {
  if (battleIds.length === 0) return 0;
  const result = await db
    .deleteFrom("battle_answers")
    .where("battle_id", "in", battleIds)
    .where(noCardShows)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The hourly prune: answers received before `receivedBefore` of battles no server keeps a card of. A card is
 * saved before its battle's first answer, or within a challenge's five minutes of it, so the cut-off only
 * spares an answer whose card is being posted (and a declined or expired challenge's, for a day).
 */
export async function pruneUncardedAnswers(db: Kysely<Database>, receivedBefore: number): Promise<number> {
  const result = await db
    .deleteFrom("battle_answers")
    .where("received_at", "<", receivedBefore)
    .where(noCardShows)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An answer's battle has no card left in any server. */
function noCardShows(eb: ExpressionBuilder<Database, "battle_answers">) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("battle_cards")
        .select("battle_cards.battle_id")
        .whereRef("battle_cards.battle_id", "=", "battle_answers.battle_id"),
    ),
  );
}

function toBattleAnswer(row: Selectable<BattleAnswersTable>): BattleAnswer {
  const facts = answerSchema.parse(JSON.parse(row.answer));
  return { ...facts, id: row.id, battleId: row.battle_id, receivedAt: row.received_at };
}
