import { z } from "zod";
import { listOf, numberSchema, optional, timestampSchema } from "./primitives.js";
import type { BattleType, Difficulty, Language } from "./vocabulary.js";

// Battle shapes of the platform's API reference, "Resources › Battle". Units: see src/api/assumptions.ts.

/** What a member asks for; `buildBattleCreateRequest` turns it into shape A or B. */
export interface BattleCreateInput {
  readonly type: BattleType;
  readonly difficulty: Difficulty;
  readonly language: Language;
  /** Seconds (assumed). Sent in shape A only. */
  readonly timeLimit: number;
  /** Number of participants: `participants` in shape A, `maxParticipants` in shape B. */
  readonly participants: number;
  /** Shape A only. */
  readonly problemId?: string | undefined;
}

export type BattleRequestShape = "A" | "B";

/**
 * Only the fields of the chosen shape are sent, never both count fields: a server that validates its
 * body strictly would reject the other shape's field with 400 INVALID_REQUEST.
 */
export function buildBattleCreateRequest(input: BattleCreateInput, shape: BattleRequestShape): object {
  const common = { type: input.type, difficulty: input.difficulty, language: input.language };
  if (shape === "B") return { ...common, maxParticipants: input.participants };
  return {
    ...common,
    timeLimit: input.timeLimit,
    participants: input.participants,
    ...(input.problemId === undefined ? {} : { problemId: input.problemId }),
  };
}

export interface BattleProblem {
  readonly id: string;
  readonly title: string;
  readonly difficulty: string;
}

const battleProblemSchema = z.object({ id: z.string(), title: z.string(), difficulty: z.string() });

export interface CreatedBattle {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  readonly problem: BattleProblem;
  readonly createdAt: string;
  /** Shape A only. */
  readonly joinUrl: string | undefined;
  /** Shape B sends a (normally empty) `participants` array; shape A none. */
  readonly participantCount: number;
}

export const createdBattleSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    problem: battleProblemSchema,
    createdAt: timestampSchema,
    joinUrl: optional(z.string()),
    participants: listOf(z.unknown()),
  })
  .transform(({ participants, ...battle }): CreatedBattle => ({
    ...battle,
    participantCount: participants.length,
  }));

export interface BattleDetails {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  readonly participants: readonly { id: string; username: string; rating: number | undefined }[];
  /** Seconds (assumed); absent before the battle starts. */
  readonly timeRemaining: number | undefined;
  readonly leaderboard: readonly { userId: string; username: string; score: number; submissions: number }[];
}

export const battleDetailsSchema: z.ZodType<BattleDetails> = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  participants: listOf(z.object({ id: z.string(), username: z.string(), rating: optional(numberSchema) })),
  timeRemaining: optional(numberSchema),
  leaderboard: listOf(
    z.object({ userId: z.string(), username: z.string(), score: numberSchema, submissions: numberSchema }),
  ),
});

export interface BattleSummary {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  /** For example a won/lost outcome; absent until the battle is completed. */
  readonly result: string | undefined;
  readonly score: number | undefined;
  /** Seconds (assumed). */
  readonly duration: number | undefined;
  readonly completedAt: string | undefined;
}

export interface BattleList {
  readonly battles: readonly BattleSummary[];
  readonly total: number | undefined;
  readonly page: number | undefined;
  readonly hasMore: boolean | undefined;
}

export const battleListSchema: z.ZodType<BattleList> = z.object({
  battles: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      status: z.string(),
      result: optional(z.string()),
      score: optional(numberSchema),
      duration: optional(numberSchema),
      completedAt: optional(timestampSchema),
    }),
  ),
  total: optional(numberSchema),
  page: optional(numberSchema),
  hasMore: optional(z.boolean()),
});

export interface BattleJoinResult {
  readonly success: boolean;
  readonly battle: {
    readonly id: string;
    readonly status: string;
    readonly participants: readonly { id: string; username: string; joinedAt: string | undefined }[];
  };
}

export const battleJoinResultSchema: z.ZodType<BattleJoinResult> = z.object({
  success: z.boolean(),
  battle: z.object({
    id: z.string(),
    status: z.string(),
    participants: listOf(
      z.object({ id: z.string(), username: z.string(), joinedAt: optional(timestampSchema) }),
    ),
  }),
});
