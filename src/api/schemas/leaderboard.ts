import { z } from "zod";
import { listOf, numberSchema, optional } from "./primitives.js";

// Leaderboard shapes of the platform's API reference, "Resources › Leaderboards".

export interface GlobalRanking {
  readonly rank: number;
  readonly user: {
    readonly id: string;
    readonly username: string;
    readonly rating: number | undefined;
    readonly tier: string | undefined;
  };
  /** Between 0 and 1. */
  readonly winRate: number | undefined;
  readonly battlesWon: number | undefined;
}

export interface GlobalLeaderboard {
  readonly rankings: readonly GlobalRanking[];
  readonly total: number | undefined;
  readonly hasMore: boolean | undefined;
}

export const globalLeaderboardSchema: z.ZodType<GlobalLeaderboard> = z.object({
  rankings: z.array(
    z.object({
      rank: numberSchema,
      user: z.object({
        id: z.string(),
        username: z.string(),
        rating: optional(numberSchema),
        tier: optional(z.string()),
      }),
      winRate: optional(numberSchema),
      battlesWon: optional(numberSchema),
    }),
  ),
  total: optional(numberSchema),
  hasMore: optional(z.boolean()),
});

export interface RankInfo {
  readonly globalRank: number;
  readonly rating: number;
  readonly tier: string | undefined;
  readonly percentile: number | undefined;
  /** Oldest first as sent; `date` is a date string. */
  readonly ratingHistory: readonly { date: string; rating: number }[];
}

export const rankInfoSchema: z.ZodType<RankInfo> = z.object({
  globalRank: numberSchema,
  rating: numberSchema,
  tier: optional(z.string()),
  percentile: optional(numberSchema),
  ratingHistory: listOf(z.object({ date: z.string(), rating: numberSchema })),
});
