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
 * `409 CONFLICT` whatever the reason (sandbox/README.md, "Errors"; a submission to a battle not running:
 * sandbox/core/battles.ts); its message is never shown (docs/conventions.md, habit 4). So the battle is
 * read: its participants say whether the member is seated, its status whether it still takes joins and
 * submissions. Undefined leaves the platform's code to say it: a 403 to a member the battle seats is their
 * key's permission.
 */
export function classifyBattleRefusal(
  action: BattleAction,
  status: number,
  battle: BattleDetails | undefined,
  platformUserId: string,
): BattleRefusal | undefined {
  if (!explainable(action, status)) return undefined;
  if (battle === undefined) return "unknown";
  const seated = battle.participants.some((participant) => participant.id === platformUserId);
  if (action === "join") {
    // Seated in a battle that is over, the member can no longer submit either: it is over, not "already in".
    if (!isOpen(battle, action)) return "over";
    return seated ? "already_joined" : "unknown";
  }
  if (!seated) return isOpen(battle, "join") ? "not_joined" : "over";
  return status === 403 ? undefined : isOpen(battle, action) ? "unknown" : "over";
}

/** A 409 to either, or a 403 to a submission: what the battle's state explains (a join's 403 it cannot). */
function explainable(action: BattleAction, status: number): boolean {
  return status === 409 || (status === 403 && action === "submit");
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
  request: BattleRequest,
  error: unknown,
): Promise<UserFacingError | undefined> {
  const read = await readBattleRefusal(http, credential, request, error);
  return read === undefined ? undefined : toUserFacingError(read, request);
}

export interface BattleRequest {
  readonly action: BattleAction;
  readonly battleId: string;
  readonly platformUserId: string;
}

/** A refusal the battle explains, with the battle as read and the platform's error. */
export interface ReadRefusal {
  readonly refusal: BattleRefusal;
  readonly battle: BattleDetails | undefined;
  readonly error: PlatformError;
}

/** The battle read after a refusal it can explain (explainable), and what it says; else undefined. */
export async function readBattleRefusal(
  http: PlatformHttp,
  credential: PlatformCredential,
  request: BattleRequest,
  error: unknown,
): Promise<ReadRefusal | undefined> {
  if (!(error instanceof PlatformError) || !explainable(request.action, error.status)) return undefined;
  const battle = await getBattle(http, credential, request.battleId).catch(() => undefined);
  const refusal = classifyBattleRefusal(request.action, error.status, battle, request.platformUserId);
  return refusal === undefined ? undefined : { refusal, battle, error };
}

export function toUserFacingError(
  { refusal, battle, error }: ReadRefusal,
  request: BattleRequest,
): UserFacingError {
  return new UserFacingError(
    `battle_${refusal}`,
    withRequestId(describeBattleRefusal(refusal, request.action, battle, request.battleId), error.requestId),
  );
}
