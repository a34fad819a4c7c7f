// What every battle event says about its battle (the platform's API reference, battle.completed data; the
// sandbox sends the same fields on its other battle events), shared by the battle event schemas.
import { z } from "zod";
import {
  idSchema,
  optionalId,
  optionalNumber,
  optionalRating,
  optionalRefId,
  optionalText,
  pickId,
  tolerantList,
} from "./fields.js";

export interface BattleProblem {
  readonly id: string | undefined;
  readonly title: string | undefined;
  readonly difficulty: string | undefined;
}

/** One player; which fields are set depends on the event (rating when started, rank when completed). */
export interface BattleParticipant {
  readonly userId: string;
  readonly username: string | undefined;
  readonly rating: number | undefined;
  readonly score: number | undefined;
  /** Seconds from the start to the player's best submission. */
  readonly submissionTime: number | undefined;
  readonly rank: number | undefined;
}

/** What every battle event says about the battle, as far as it says it. */
export interface BattleSummary {
  readonly battleId: string;
  /** Set when the battle belongs to a tournament (not shown in the spec; read when present). */
  readonly tournamentId: string | undefined;
  readonly mode: string | undefined;
  readonly difficulty: string | undefined;
  readonly problem: BattleProblem | undefined;
  readonly participants: readonly BattleParticipant[];
}
const problemSchema = z
  .object({ id: optionalId, title: optionalText, difficulty: optionalText })
  .transform((problem): BattleProblem => ({
    id: problem.id,
    title: problem.title,
    difficulty: problem.difficulty,
  }))
  .optional()
  .catch(undefined);

// The object first: the standard form sends objects, and a union tries its options in order, building the issues
// of each that fails, so the older form's bare id pays for the failed object rather than every event for it.
export const participantSchema: z.ZodType<BattleParticipant> = z.union([
  z
    .object({
      user_id: optionalId,
      id: optionalId,
      username: optionalText,
      rating: optionalRating,
      score: optionalNumber,
      submission_time: optionalNumber,
      rank: optionalNumber,
    })
    .refine((raw) => raw.user_id !== undefined || raw.id !== undefined)
    .transform(participantOf),
  idSchema.transform((userId) => participantOf({ user_id: userId })),
]);

function participantOf(raw: {
  user_id?: string | undefined;
  id?: string | undefined;
  username?: string | undefined;
  rating?: number | undefined;
  score?: number | undefined;
  submission_time?: number | undefined;
  rank?: number | undefined;
}): BattleParticipant {
  return {
    userId: raw.user_id ?? raw.id ?? "",
    username: raw.username,
    rating: raw.rating,
    score: raw.score,
    submissionTime: raw.submission_time,
    rank: raw.rank,
  };
}

export const summaryFields = {
  id: optionalId,
  battle_id: optionalId,
  tournament_id: optionalId,
  tournament: optionalRefId,
  mode: optionalText,
  difficulty: optionalText,
  problem: problemSchema,
  participants: tolerantList(participantSchema),
};

type RawSummary = z.output<z.ZodObject<typeof summaryFields>>;

export function summaryOf(raw: RawSummary, context: z.RefinementCtx): BattleSummary | undefined {
  const battleId = pickId(context, { id: raw.id, battle_id: raw.battle_id });
  if (battleId === undefined) return undefined;
  return {
    battleId,
    tournamentId: raw.tournament_id ?? raw.tournament,
    mode: raw.mode,
    difficulty: raw.difficulty ?? raw.problem?.difficulty,
    problem: raw.problem,
    participants: raw.participants,
  };
}
