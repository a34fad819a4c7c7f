import { plainCode, plainText } from "../../display/platform-text.js";
import { getBattle, PlatformError, type BattleDetails } from "../../api/index.js";
import type { PlatformCredential, PlatformHttp } from "../../api/http.js";
import { withRequestId } from "../../discord/describe-platform-error.js";
import { UserFacingError } from "../../discord/user-facing-error.js";

/** What a member asked of a battle when the platform refused. */
export type BattleAction = "join" | "submit";

/** What the refusal ran into, as the battle's state tells it. */
export type BattleRefusal = "not_joined" | "already_joined" | "over" | "unknown";

/**
 * The platform answers a submission from someone not seated in the battle with `403 FORBIDDEN`, the same code
 * as a key that lacks the permission to submit, and a join or submission the battle's state refuses with
 * `409 CONFLICT` whatever the reason (sandbox/README.md, "Errors"); its message is never shown
 * (docs/conventions.md, habit 4). So the battle is read: its participants say whether the member is seated,
 * its status whether it still takes joins and submissions. Undefined leaves the platform's code to say it: a
 * 403 to a member the battle seats is their key's permission.
 */
export function classifyBattleRefusal(
  action: BattleAction,
  status: number,
  battle: BattleDetails | undefined,
  platformUserId: string,
): BattleRefusal | undefined {
  const seated = battle?.participants.some((participant) => participant.id === platformUserId);
  if (status === 403) {
    if (action === "join") return undefined;
    if (seated === undefined) return "unknown";
    return seated ? undefined : "not_joined";
  }
  if (status !== 409) return undefined;
  if (battle === undefined) return "unknown";
  if (action === "join") {
    if (seated === true) return "already_joined";
    return isOpen(battle, action) ? "unknown" : "over";
  }
  if (seated === false) return "not_joined";
  return isOpen(battle, action) ? "unknown" : "over";
}

/** A join is taken while the battle waits or runs; a submission only while it runs. */
function isOpen(battle: BattleDetails, action: BattleAction): boolean {
  return battle.status === "active" || (action === "join" && battle.status === "waiting");
}

export function describeBattleRefusal(
  refusal: BattleRefusal,
  action: BattleAction,
  battle: BattleDetails | undefined,
  battleId: string,
): string {
  const name = `battle ${plainCode(battleId)}`;
  const status = `**${plainText(battle?.status ?? "over")}**`;
  switch (refusal) {
    case "not_joined":
      return `You haven't joined ${name}: press **Join** on its card or run \`/battle join\`, then submit.`;
    case "already_joined":
      return `You're already in ${name}. Send your solution with the card's **Submit code** button or \`/battle submit\`.`;
    case "over":
      return action === "join"
        ? `The ${name} is ${status}, so it can't be joined now.`
        : `The ${name} is ${status}, so it takes no submissions now.`;
    case "unknown":
      if (action === "join")
        return `The platform refused to seat you in ${name}: it may be full, or already over.`;
      return battle === undefined
        ? `The platform refused your submission to ${name}: you may not have joined it (press **Join** first), or your platform account may lack the permission to submit.`
        : `The platform refused your submission to ${name}: its time may have just run out.`;
  }
}

/**
 * A join or submission refused with 403 or 409, explained after reading the battle (one bounded read, as the
 * member); undefined for any other error, or a refusal the battle does not explain.
 */
export async function explainBattleRefusal(
  http: PlatformHttp,
  credential: PlatformCredential,
  request: { readonly action: BattleAction; readonly battleId: string; readonly platformUserId: string },
  error: unknown,
): Promise<UserFacingError | undefined> {
  if (!(error instanceof PlatformError) || (error.status !== 403 && error.status !== 409)) return undefined;
  const { action, battleId, platformUserId } = request;
  const battle = await getBattle(http, credential, battleId).catch(() => undefined);
  const refusal = classifyBattleRefusal(action, error.status, battle, platformUserId);
  if (refusal === undefined) return undefined;
  return new UserFacingError(
    `battle_${refusal}`,
    withRequestId(describeBattleRefusal(refusal, action, battle, battleId), error.requestId),
  );
}
