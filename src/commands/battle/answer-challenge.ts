import type { BattleJoinResult } from "../../api/index.js";
import { seatMember } from "./join-battle.js";
import { showJoinOnCards } from "./show-on-cards.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { ComponentContext } from "../../discord/interaction-handlers.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { canStartThreadIn } from "../../discord/send-thread.js";
import { saveCardStartingThread } from "../../store/message-threads.js";
import type { MemberKey } from "../../store/member-links.js";
import {
  isChallengeExpired,
  renderChallengeAccepted,
  renderChallengeClosed,
  type ChallengeParties,
} from "./challenge-message.js";
import { requireServer } from "../../discord/require-server.js";

/**
 * Seats the challenger with their own credential. They asked for this battle when they challenged, so the
 * bot joins them once the opponent accepts; if that fails the card says so and Join stays open for them. A
 * challenger the battle already seats (Accept pressed twice, the second press's join refused) is seated.
 */
async function seatChallenger(
  deps: BotDependencies,
  challenger: MemberKey,
  battleId: string,
): Promise<BattleJoinResult["battle"] | undefined> {
  try {
    return await seatMember(deps, await getMemberSession(deps, challenger), battleId, {
      seatedIsJoined: true,
    });
  } catch (error) {
    deps.logger.warn({ err: error, battleId }, "could not seat the challenger");
    return undefined;
  }
}

/**
 * Accept or Decline on a challenge (docs/architecture.md, "Commands"). Only the challenged member may answer,
 * within
 * `challengeLifetimeMs` of the post (compared with the clock on press, so no timer is needed). Accepting
 * joins them with their own credential; an unlinked opponent gets the link prompt.
 */
export async function answerChallenge(
  deps: BotDependencies,
  { actor, responder, interaction }: ComponentContext,
  answer: { readonly action: "accept" | "decline"; readonly battleId: string; readonly opponentId: string },
): Promise<void> {
  const { message } = interaction;
  const challengerId = message.interaction_metadata?.user.id;
  if (challengerId === undefined) {
    throw new UserFacingError("unknown_component", "This challenge can no longer be answered.");
  }
  const parties: ChallengeParties = { challengerId, opponentId: answer.opponentId };
  const embed = message.embeds[0];
  if (isChallengeExpired(message.timestamp, deps.clock.now())) {
    await responder.update(renderChallengeClosed({ ...parties, embed, outcome: "expired" }));
    return;
  }
  if (actor.userId !== answer.opponentId) {
    throw new UserFacingError(
      "not_your_challenge",
      `Only <@${answer.opponentId}> can answer this challenge.`,
    );
  }
  if (answer.action === "decline") {
    await responder.update(renderChallengeClosed({ ...parties, embed, outcome: "declined" }));
    return;
  }
  await responder.deferUpdate();
  // An opponent who joined by the battle's id meanwhile has their seat: the challenger is seated and the card
  // made.
  const session = await getMemberSession(deps, actor);
  const joined = await seatMember(deps, session, answer.battleId, { seatedIsJoined: true });
  const seated = await seatChallenger(
    deps,
    { guildId: actor.guildId, userId: challengerId },
    answer.battleId,
  );
  const card = await responder.editOriginal(
    renderChallengeAccepted({
      ...parties,
      embed,
      battle: { ...(seated ?? joined), id: answer.battleId },
      challengerSeated: seated !== undefined,
    }),
  );
  // From now on it is the battle's card, edited live like one from /battle create
  // (docs/architecture.md, "Webhooks in").
  await saveCardStartingThread(deps.db, {
    battleId: answer.battleId,
    guildId: requireServer(actor),
    channelId: card.channel_id,
    messageId: card.id,
    createdBy: challengerId,
    now: deps.clock.now(),
    // No thread starts from a message in a thread or a voice channel's chat: its updates stay in the channel.
    threadless: !canStartThreadIn(actor.channelType),
  });
  // The seats the accept made are kept with the battle, as any join the bot makes: the platform's
  // battle.started names the opponent alone (the first join), and a later edit folding it without them
  // would show one seat taken and Join open again.
  await showJoinOnCards(deps, { ...(seated ?? joined), id: answer.battleId });
  // The card's thread is queued with it (src/store/message-threads.ts).
  deps.wakeOutbox?.();
}
