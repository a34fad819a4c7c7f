// Leaderboard endpoints (the platform's API reference, "Endpoints › Leaderboards").
import { clampListLimit } from "./assumptions.js";
import type { PlatformCredential, PlatformHttp } from "./http.js";
import {
  globalLeaderboardSchema,
  rankInfoSchema,
  type GlobalLeaderboard,
  type RankInfo,
} from "./schemas/leaderboard.js";

/** GET /leaderboards/global?limit&offset → the global ranking page. */
export function getGlobalLeaderboard(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: { readonly limit?: number | undefined; readonly offset?: number | undefined } = {},
): Promise<GlobalLeaderboard> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/leaderboards/global",
    query: { limit: clampListLimit(query.limit), offset: query.offset },
    schema: globalLeaderboardSchema,
  });
}

/** GET /leaderboards/users/me/rank → the caller's rank, tier, percentile and rating history. */
export function getMyRank(http: PlatformHttp, credential: PlatformCredential): Promise<RankInfo> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/leaderboards/users/me/rank",
    schema: rankInfoSchema,
  });
}
