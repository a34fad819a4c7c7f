// Battle endpoints (the platform's API reference, "Endpoints › Battles"), each called with the member's own
// credential.
import { clampListLimit, defaultBattleRequestShape } from "./assumptions.js";
import { encodePathSegment, type PlatformCredential, type PlatformHttp } from "./http.js";
import {
  battleDetailsSchema,
  battleJoinResultSchema,
  battleListSchema,
  buildBattleCreateRequest,
  createdBattleSchema,
  type BattleCreateInput,
  type BattleDetails,
  type BattleJoinResult,
  type BattleList,
  type BattleRequestShape,
  type CreatedBattle,
} from "./schemas/battle.js";
import { submissionSchema, type Submission, type SubmissionInput } from "./schemas/submission.js";
import type { BattleStatus } from "./schemas/vocabulary.js";

/** POST /battles → the new battle in `waiting`, with its selected problem. */
export function createBattle(
  http: PlatformHttp,
  credential: PlatformCredential,
  input: BattleCreateInput,
  options: { readonly shape?: BattleRequestShape } = {},
): Promise<CreatedBattle> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    path: "/battles",
    body: buildBattleCreateRequest(input, options.shape ?? defaultBattleRequestShape),
    schema: createdBattleSchema,
  });
}

/** GET /battles/{id} → participants, remaining time and the live leaderboard. */
export function getBattle(
  http: PlatformHttp,
  credential: PlatformCredential,
  battleId: string,
): Promise<BattleDetails> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: `/battles/${encodePathSegment(battleId)}`,
    schema: battleDetailsSchema,
  });
}

/** POST /battles/{id}/join (no body) → the battle, now `active`, with its participants. */
export function joinBattle(
  http: PlatformHttp,
  credential: PlatformCredential,
  battleId: string,
): Promise<BattleJoinResult> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    path: `/battles/${encodePathSegment(battleId)}/join`,
    schema: battleJoinResultSchema,
  });
}

/** POST /battles/{id}/submit → the submission, shape A or B normalised. */
export function submitToBattle(
  http: PlatformHttp,
  credential: PlatformCredential,
  battleId: string,
  submission: SubmissionInput,
): Promise<Submission> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    path: `/battles/${encodePathSegment(battleId)}/submit`,
    body: { language: submission.language, code: submission.code },
    schema: submissionSchema,
  });
}

export interface BattleListQuery {
  readonly status?: BattleStatus | undefined;
  readonly limit?: number | undefined;
}

/** GET /battles?status&limit → the caller's battles. */
export function listBattles(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: BattleListQuery = {},
): Promise<BattleList> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/battles",
    query: { status: query.status, limit: clampListLimit(query.limit) },
    schema: battleListSchema,
  });
}
