// The battle card shows what the platform answered the bot's own calls at once, with or without a webhook
// (src/store/battle-answers.ts): a join queues an edit of every card of the battle through the outbox
// (docs/architecture.md, "Posting").
import type { BattleJoinResult } from "../../api/index.js";
import { recordCreateAnswer, recordJoinAnswer } from "../../store/battle-answers.js";
import type { BattleCardView } from "../../cards/battle-card.js";
import type { BotDependencies } from "../bot-dependencies.js";

type CardDeps = Pick<BotDependencies, "db" | "clock" | "logger" | "wakeOutbox">;

/**
 * After a join the platform accepted. The member hears of their join whatever happens here: a card that
 * could not be brought up to date is logged, and the next battle event rebuilds it anyway.
 */
export async function showJoinOnCards(deps: CardDeps, battle: BattleJoinResult["battle"]): Promise<void> {
  const participants = battle.participants.map(({ id, username }) => ({ id, username }));
  try {
    const facts = { status: battle.status, participants };
    const queued = await recordJoinAnswer(deps.db, { battleId: battle.id, facts, now: deps.clock.now() });
    if (queued > 0) deps.wakeOutbox?.();
  } catch (error) {
    deps.logger.warn(
      { err: error, battleId: battle.id },
      "could not queue the battle card's edit after a join",
    );
  }
}

/**
 * After /battle create posted its card from the create answer: later edits keep what it showed. A challenge's
 * keeps its two parties too (`reservedFor`), the only members the bot seats in it.
 */
export async function keepCreatedCard(
  deps: CardDeps,
  view: BattleCardView,
  reservedFor?: readonly [string, string],
): Promise<void> {
  const facts = {
    status: view.status,
    type: view.type,
    problem: view.problem,
    language: view.language,
    timeLimit: view.timeLimit,
    maxParticipants: view.maxParticipants,
    participants: [],
    ...(reservedFor === undefined ? {} : { reservedFor: [...reservedFor] }),
  };
  await recordCreateAnswer(deps.db, { battleId: view.battleId, facts, now: deps.clock.now() });
}
