// Leaderboards (the platform's API reference, Endpoints › Leaderboards), from current ratings and completed
// battles.
import { z } from "zod";
import { dailyRatingHistory, percentileOf, rankUsers } from "../core/leaderboards.js";
import { tierForRating } from "../core/tiers.js";
import { defineRoute } from "./define.js";
import { limitQuery, offsetQuery, servedPageSize } from "./schemas.js";

const global = defineRoute({
  method: "GET",
  url: "/v1/leaderboards/global",
  level: "read",
  query: z.object({ limit: limitQuery.default(20), offset: offsetQuery.default(0) }),
  response: z.object({
    rankings: z.array(
      z.object({
        rank: z.number().int(),
        user: z.object({ id: z.string(), username: z.string(), rating: z.number().int(), tier: z.string() }),
        winRate: z.number(),
        battlesWon: z.number().int(),
      }),
    ),
    total: z.number().int(),
    hasMore: z.boolean(),
  }),
  handle: (deps, { query }) => {
    const rankings = rankUsers(deps.state);
    const served = servedPageSize(deps.state, query.limit);
    return {
      rankings: rankings
        .slice(query.offset, query.offset + served)
        .map(({ rank, user, winRate, battlesWon }) => ({
          rank,
          user: {
            id: user.id,
            username: user.username,
            rating: user.rating,
            tier: tierForRating(user.rating),
          },
          winRate,
          battlesWon,
        })),
      total: rankings.length,
      hasMore: query.offset + served < rankings.length,
    };
  },
});

const myRank = defineRoute({
  method: "GET",
  url: "/v1/leaderboards/users/me/rank",
  level: "read",
  response: z.object({
    globalRank: z.number().int(),
    rating: z.number().int(),
    tier: z.string(),
    percentile: z.number(),
    ratingHistory: z.array(z.object({ date: z.string(), rating: z.number().int() })),
  }),
  handle: (deps, { user }) => {
    const rankings = rankUsers(deps.state);
    const globalRank = rankings.find((ranking) => ranking.user.id === user.id)?.rank ?? rankings.length;
    return {
      globalRank,
      rating: user.rating,
      tier: tierForRating(user.rating),
      percentile: percentileOf(globalRank, rankings.length),
      ratingHistory: dailyRatingHistory(deps.state, user.id),
    };
  },
});

export const leaderboardRoutes = [global, myRank];
