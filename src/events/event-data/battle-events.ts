// `data` of the battle events. The platform's API reference shows battle.completed; the other shapes follow
// what the sandbox emits (sandbox/webhooks/event-data.ts). Times are ms since the epoch, durations seconds.
import { z } from "zod";
import { summaryFields, summaryOf, type BattleSummary } from "./battle-summary.js";
import {
  idSchema,
  optionalId,
  optionalNumber,
  optionalRefId,
  optionalText,
  optionalTimestamp,
  optionalUserRef,
  pickId,
  type UserRef,
} from "./fields.js";

export type { BattleParticipant, BattleProblem, BattleSummary } from "./battle-summary.js";

export interface BattleCreatedData extends BattleSummary {
  readonly status: string | undefined;
  readonly language: string | undefined;
  readonly maxParticipants: number | undefined;
  /** Seconds. */
  readonly timeLimit: number | undefined;
  readonly createdBy: UserRef | undefined;
  readonly createdAt: number | undefined;
}

export interface BattleStartedData extends BattleSummary {
  readonly timeLimit: number | undefined;
  readonly startedAt: number | undefined;
  readonly endsAt: number | undefined;
}

export interface BattleCompletedData extends BattleSummary {
  /** The winner's user id; null when the platform says there is none (a draw). */
  readonly winner: string | null | undefined;
  /** Seconds. */
  readonly duration: number | undefined;
  readonly startedAt: number | undefined;
  readonly completedAt: number | undefined;
}

export interface BattleSubmissionData {
  readonly battleId: string;
  readonly submissionId: string | undefined;
  readonly tournamentId: string | undefined;
  readonly difficulty: string | undefined;
  readonly user: UserRef | undefined;
  readonly language: string | undefined;
  readonly score: number | undefined;
  readonly testsPassed: number | undefined;
  readonly testsTotal: number | undefined;
  readonly submittedAt: number | undefined;
}
export const battleCreatedDataSchema: z.ZodType<BattleCreatedData> = z
  .object({
    ...summaryFields,
    status: optionalText,
    language: optionalText,
    max_participants: optionalNumber,
    time_limit: optionalNumber,
    created_by: optionalUserRef,
    created_at: optionalTimestamp,
  })
  .transform((raw, context): BattleCreatedData => {
    const summary = summaryOf(raw, context);
    if (summary === undefined) return z.NEVER;
    // Written out rather than spread from the summary: cheaper on every delivery (normalise-event.ts).
    return {
      battleId: summary.battleId,
      tournamentId: summary.tournamentId,
      mode: summary.mode,
      difficulty: summary.difficulty,
      problem: summary.problem,
      participants: summary.participants,
      status: raw.status,
      language: raw.language,
      maxParticipants: raw.max_participants,
      timeLimit: raw.time_limit,
      createdBy: raw.created_by,
      createdAt: raw.created_at,
    };
  });

export const battleStartedDataSchema: z.ZodType<BattleStartedData> = z
  .object({
    ...summaryFields,
    time_limit: optionalNumber,
    started_at: optionalTimestamp,
    ends_at: optionalTimestamp,
  })
  .transform((raw, context): BattleStartedData => {
    const summary = summaryOf(raw, context);
    if (summary === undefined) return z.NEVER;
    // Written out rather than spread from the summary: cheaper on every delivery (normalise-event.ts).
    return {
      battleId: summary.battleId,
      tournamentId: summary.tournamentId,
      mode: summary.mode,
      difficulty: summary.difficulty,
      problem: summary.problem,
      participants: summary.participants,
      timeLimit: raw.time_limit,
      startedAt: raw.started_at,
      endsAt: raw.ends_at,
    };
  });

const winnerSchema = z
  .union([idSchema, z.object({ id: idSchema }).transform((user) => user.id), z.null()])
  .optional()
  .catch(undefined);

export const battleCompletedDataSchema: z.ZodType<BattleCompletedData> = z
  .object({
    ...summaryFields,
    winner: winnerSchema,
    duration: optionalNumber,
    started_at: optionalTimestamp,
    completed_at: optionalTimestamp,
  })
  .transform((raw, context): BattleCompletedData => {
    const summary = summaryOf(raw, context);
    if (summary === undefined) return z.NEVER;
    // Written out rather than spread from the summary: cheaper on every delivery (normalise-event.ts).
    return {
      battleId: summary.battleId,
      tournamentId: summary.tournamentId,
      mode: summary.mode,
      difficulty: summary.difficulty,
      problem: summary.problem,
      participants: summary.participants,
      winner: raw.winner,
      duration: raw.duration,
      startedAt: raw.started_at,
      completedAt: raw.completed_at,
    };
  });

export const battleSubmissionDataSchema: z.ZodType<BattleSubmissionData> = z
  .object({
    id: optionalId,
    submission_id: optionalId,
    battle_id: optionalId,
    battle: optionalRefId,
    tournament_id: optionalId,
    difficulty: optionalText,
    user: optionalUserRef,
    user_id: optionalId,
    language: optionalText,
    score: optionalNumber,
    tests_passed: optionalNumber,
    tests_total: optionalNumber,
    submitted_at: optionalTimestamp,
  })
  .transform((raw, context): BattleSubmissionData => {
    const battleId = pickId(context, { battle_id: raw.battle_id, battle: raw.battle });
    if (battleId === undefined) return z.NEVER;
    return {
      battleId,
      submissionId: raw.id ?? raw.submission_id,
      tournamentId: raw.tournament_id,
      difficulty: raw.difficulty,
      user: raw.user ?? (raw.user_id === undefined ? undefined : { id: raw.user_id, username: undefined }),
      language: raw.language,
      score: raw.score,
      testsPassed: raw.tests_passed,
      testsTotal: raw.tests_total,
      submittedAt: raw.submitted_at,
    };
  });
