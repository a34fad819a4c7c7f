import type { BotDependencies } from "../../bot-dependencies.js";
import { UserFacingError } from "../../../discord/user-facing-error.js";
import { getMemberSession } from "../../../linking/member-credential.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { challengeLifetimeMs, renderChallenge, renderChallengeSent } from "../challenge-message.js";
import { createBattleWith, resolveBattleSettings, viewOfCreatedBattle } from "../prepare-battle.js";
import { requireLinkedMember } from "../../../linking/require-linked-member.js";
import { keepCreatedCard } from "../show-on-cards.js";

/**
 * `/battle challenge @member`: a one-on-one battle, created as the challenger, posted with a ping for the
 * opponent only. Nobody joins yet: both are seated when the opponent accepts, so the clock starts for both
 * at once (answer-challenge.ts).
 */
export async function challengeMember(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: BattleOptionsOf<"challenge">,
): Promise<void> {
  const opponent = options.member;
  if (opponent.id === actor.userId) {
    throw new UserFacingError("challenge_self", "You can't challenge yourself. Pick another member.");
  }
  if (opponent.user?.bot === true) {
    throw new UserFacingError("challenge_bot", "Bots don't battle. Pick a member of this server.");
  }
  // Discord notifies nobody of a mention an edit adds, and the answer to a deferral is an edit of "thinking…":
  // the challenge goes in a message of its own, a follow-up once the deferred answer is done, so the opponent
  // is pinged. The deferral and its answer are the challenger's alone.
  await requireLinkedMember(deps, actor);
  await responder.defer({ ephemeral: true });
  const session = await getMemberSession(deps, actor);
  const { credential } = session;
  const settings = { ...(await resolveBattleSettings(deps, session, options)), participants: 2 };
  const battle = await createBattleWith(deps.platform, credential, settings, options);
  const view = viewOfCreatedBattle(battle, settings, actor.userId);
  // The accepted challenge becomes the battle's card (answer-challenge.ts): its later edits are rebuilt from
  // the answers kept, and only this one names the language, the seats and the time limit.
  await keepCreatedCard(deps, view, [actor.userId, opponent.id]);
  const expiresAt = deps.clock.now() + challengeLifetimeMs;
  await responder.editOriginal(renderChallengeSent({ opponentId: opponent.id, expiresAt }));
  await responder.followUp(
    renderChallenge({ challengerId: actor.userId, opponentId: opponent.id, view, expiresAt }),
  );
}
