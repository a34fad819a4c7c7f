// Current-user endpoints (the platform's API reference, "Endpoints › Users").
import type { StatsTimeframe } from "./assumptions.js";
import type { PlatformCredential, PlatformHttp } from "./http.js";
import {
  platformUserSchema,
  profileUpdateResultSchema,
  userStatsSchema,
  type PlatformUser,
  type ProfileUpdate,
  type ProfileUpdateResult,
  type UserStats,
} from "./schemas/user.js";

/** GET /users/me → the account the credential belongs to (used when linking). */
export function getCurrentUser(http: PlatformHttp, credential: PlatformCredential): Promise<PlatformUser> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/users/me",
    schema: platformUserSchema,
  });
}

/** PUT /users/me with only the fields given; "" clears a field (docs/platform-assumptions.md, "Profile fields"). */
export function updateCurrentUser(
  http: PlatformHttp,
  credential: PlatformCredential,
  update: ProfileUpdate,
): Promise<ProfileUpdateResult> {
  const body = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "PUT",
    path: "/users/me",
    body,
    schema: profileUpdateResultSchema,
  });
}

/** GET /users/me/stats?timeframe=<n>d; without a timeframe the platform's default (assumed all time). */
export function getCurrentUserStats(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: { readonly timeframe?: StatsTimeframe | undefined } = {},
): Promise<UserStats> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/users/me/stats",
    query: { timeframe: query.timeframe },
    schema: userStatsSchema,
  });
}
