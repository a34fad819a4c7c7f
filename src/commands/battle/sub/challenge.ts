import { createBattle } from "../../../api/index.js";
import type { BotDependencies } from "../../bot-dependencies.js";
import { UserFacingError } from "../../../discord/user-facing-error.js";
import { getMemberSession } from "../../../linking/member-credential.js";
import type { BattleOptionsOf, SubcommandContext } from "../battle-arguments.js";
import { challengeLifetimeMs, renderChallenge } from "../challenge-message.js";
import { resolveBattleSettings, viewOfCreatedBattle } from "../prepare-battle.js";
import { deferPublicAnswer } from "../../../linking/require-linked-member.js";

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
  await deferPublicAnswer(deps, actor, responder);
  const { credential } = await getMemberSession(deps, actor);
  const settings = { ...(await resolveBattleSettings(deps.platform, credential, options)), participants: 2 };
  const battle = await createBattle(deps.platform, credential, settings);
  await responder.editOriginal(
    renderChallenge({
      challengerId: actor.userId,
      opponentId: opponent.id,
      view: viewOfCreatedBattle(battle, settings, actor.userId),
      expiresAt: deps.clock.now() + challengeLifetimeMs,
    }),
  );
}
