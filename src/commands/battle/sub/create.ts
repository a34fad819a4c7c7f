import type { BotDependencies } from "../../bot-dependencies.js";
import { getMemberSession } from "../../../linking/member-credential.js";
import { canStartThreadIn } from "../../../discord/send-thread.js";
import { saveCardStartingThread } from "../../../store/message-threads.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { renderBattleCard } from "../../../cards/battle-card.js";
import { createBattleWith, resolveBattleSettings, viewOfCreatedBattle } from "../prepare-battle.js";
import { deferPublicAnswer } from "../../../linking/require-linked-member.js";
import { keepCreatedCard } from "../show-on-cards.js";
import { requireServer } from "../../../discord/require-server.js";

/**
 * `/battle create`: creates the battle as the member and answers with the public battle card, remembered so
 * battle events can edit it live (docs/architecture.md, "Commands", "Webhooks in").
 */
export async function createBattleCard(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"create">,
): Promise<void> {
  const guildId = requireServer(actor);
  await deferPublicAnswer(deps, actor, responder);
  const session = await getMemberSession(deps, actor);
  const { credential } = session;
  const settings = await resolveBattleSettings(deps, session, options);
  const battle = await createBattleWith(deps.platform, credential, settings, options);
  const view = viewOfCreatedBattle(battle, settings, actor.userId);
  const card = await responder.editOriginal(renderBattleCard(view));
  await saveCardStartingThread(deps.db, {
    battleId: battle.id,
    guildId,
    channelId: card.channel_id,
    messageId: card.id,
    createdBy: actor.userId,
    now: deps.clock.now(),
    // No thread starts from a message in a thread or a voice channel's chat: its updates stay in the channel.
    threadless: !canStartThreadIn(actor.channelType),
  });
  await keepCreatedCard(deps, view);
  // The card's thread was queued with it (src/store/message-threads.ts), and is named from the answer kept.
  deps.wakeOutbox?.();
}
