import { plainCode, plainText } from "../../display/platform-text.js";
import { joinBattle, type BattleDetails, type BattleJoinResult } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { Actor } from "../../discord/interaction-handlers.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { UserFacingError } from "../../discord/user-facing-error.js";
import { getMemberSession, type MemberSession } from "../../linking/member-credential.js";
import { readBattleRefusal, toUserFacingError } from "./explain-battle-refusal.js";
import { findBattleReservation } from "../../store/battle-answers.js";
import { showJoinOnCards } from "./show-on-cards.js";

/** The private confirmation of a join: where the battle stands and how to submit. */
export function renderJoined(battle: BattleJoinResult["battle"]): Reply {
  const players = battle.participants.map((participant) => plainText(participant.username)).join(", ");
  return {
    ephemeral: true,
    content:
      `You joined battle ${plainCode(battle.id)}. It is **${plainText(battle.status)}** with ` +
      `${battle.participants.length} player${battle.participants.length === 1 ? "" : "s"}: ${players}.\n` +
      "Send your solution with the card's **Submit code** button or `/battle submit`.",
  };
}

/**
 * The battle a join seated the member in. A 2xx join answer with `success: false` (the platform's join response
 * carries `success`) seated nobody: it is refused, as an unconfirmed registration or profile change is.
 */
export function requireSeated(result: BattleJoinResult, battleId: string): BattleJoinResult["battle"] {
  if (result.success) return result.battle;
  throw new UserFacingError(
    "join_not_confirmed",
    `The platform did not confirm your join of battle ${plainCode(battleId)}. Please try again.`,
  );
}

/**
 * `/battle join` and the card's Join button: POST /battles/{id}/join as the member themselves; the battle's
 * cards show the platform's answer at once (show-on-cards.ts). A refusal the battle explains (already in it,
 * over) is told as such (explain-battle-refusal.ts).
 */
export async function joinAsMember(deps: BotDependencies, actor: Actor, battleId: string): Promise<Reply> {
  await refuseOthersOfChallenge(deps, actor, battleId);
  const battle = await seatMember(deps, await getMemberSession(deps, actor), battleId);
  await showJoinOnCards(deps, battle);
  return renderJoined(battle);
}

/**
 * A challenge's battle seats its two parties only: its id is on the challenge for all to see, and a third
 * member joining by it (or pressing Join while the challenger's own seat failed) would take the opponent's or
 * the challenger's place (docs/architecture.md, "Commands").
 */
async function refuseOthersOfChallenge(deps: BotDependencies, actor: Actor, battleId: string): Promise<void> {
  const parties = await findBattleReservation(deps.db, battleId);
  if (parties === undefined || parties.includes(actor.userId)) return;
  throw new UserFacingError(
    "challenge_battle",
    `Battle ${plainCode(battleId)} is a challenge between ${parties.map((id) => `<@${id}>`).join(" and ")}: only they can join it.`,
  );
}

/**
 * POST /battles/{id}/join as the member of `session`: the battle that seated them, or a refusal told as the
 * battle's state says (explain-battle-refusal.ts), or an unconfirmed join refused (requireSeated). With
 * `seatedIsJoined`, a member the battle already seats is answered with the battle as read, not refused: a
 * challenge's Accept from an opponent who joined by the battle's id goes on to seat the challenger.
 */
export async function seatMember(
  deps: BotDependencies,
  { link, credential }: MemberSession,
  battleId: string,
  options: { readonly seatedIsJoined?: boolean } = {},
): Promise<BattleJoinResult["battle"]> {
  const request = { action: "join", battleId, platformUserId: link.platformUserId } as const;
  try {
    return requireSeated(await joinBattle(deps.platform, credential, battleId), battleId);
  } catch (error) {
    const read = await readBattleRefusal(deps.platform, credential, request, error);
    if (read === undefined) throw error;
    if (read.refusal === "already_joined" && options.seatedIsJoined === true && read.battle !== undefined)
      return asJoined(read.battle);
    throw toUserFacingError(read, request);
  }
}

/** The battle as a join answers it (its participants without join times, which GET /battles/{id} omits). */
function asJoined(battle: BattleDetails): BattleJoinResult["battle"] {
  const participants = battle.participants.map(({ id, username }) => ({ id, username, joinedAt: undefined }));
  return { id: battle.id, status: battle.status, participants };
}
