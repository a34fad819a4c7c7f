// The current user (the platform's API reference, Endpoints › Users). averageTime is in seconds. `timeframe`
// is a number of days like `30d` or `all`; other values are refused with details.field = timeframe. Left
// out, it means all time: the spec states no default, and a filter left out filters nothing.
import { z } from "zod";
import { toIso } from "../clock.js";
import { computeStats } from "../core/stats.js";
import { tierForRating } from "../core/tiers.js";
import { updateProfile } from "../core/users.js";
import { defineRoute } from "./define.js";
import { timestamp } from "./schemas.js";

const me = defineRoute({
  method: "GET",
  url: "/v1/users/me",
  level: "read",
  response: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    rating: z.number().int(),
    tier: z.string(),
    joinedAt: timestamp,
    // The fields PUT /v1/users/me sets, under its names; null until set or once cleared.
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    website: z.string().nullable(),
  }),
  handle: (_deps, { user }) => ({
    ...user,
    tier: tierForRating(user.rating),
    joinedAt: toIso(user.joinedAt),
  }),
});

/**
 * Field bounds are not in the spec; these are the sandbox's. A field left out stays as it is; an empty
 * string clears it (docs/platform-assumptions.md, "Profile fields").
 */
const profileBody = z.object({
  displayName: z.string().trim().max(50).optional(),
  bio: z.string().max(500).optional(),
  location: z.string().max(100).optional(),
  website: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).optional(),
});

const update = defineRoute({
  method: "PUT",
  url: "/v1/users/me",
  level: "write",
  body: profileBody,
  response: z.object({
    success: z.boolean(),
    user: z.object({
      id: z.string(),
      username: z.string(),
      displayName: z.string().nullable(),
      bio: z.string().nullable(),
    }),
  }),
  handle: (deps, { body, user, cause }) => {
    const updated = updateProfile(deps, cause, user, body);
    return { success: true, user: updated };
  },
});

const stats = defineRoute({
  method: "GET",
  url: "/v1/users/me/stats",
  level: "read",
  query: z.object({
    timeframe: z
      .string()
      .regex(/^(\d{1,4}d|all)$/, "timeframe must be a number of days like 30d, or all")
      .default("all"),
  }),
  response: z.object({
    totalBattles: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    winRate: z.number().min(0).max(1),
    averageTime: z.number().int(),
    rating: z.number().int(),
    ratingChange: z.string(),
  }),
  handle: (deps, { query, user }) => {
    const days = query.timeframe === "all" ? undefined : Number.parseInt(query.timeframe, 10);
    const since = days === undefined ? 0 : deps.clock.now() - days * 86_400_000;
    return computeStats(deps.state, user.id, since);
  },
});

export const userRoutes = [me, update, stats];
