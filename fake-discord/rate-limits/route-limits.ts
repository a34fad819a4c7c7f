export interface BucketLimit {
  limit: number;
  windowMs: number;
}

/**
 * Per-route buckets, keyed "METHOD /route/:param" as the REST routes are declared (without /api/v10).
 * Discord publishes no numbers; these are the ones observed for bots (5 messages per 5 s per channel).
 */
export const defaultRouteLimits: Readonly<Record<string, BucketLimit>> = {
  "POST /channels/:channelId/messages": { limit: 5, windowMs: 5000 },
  "PATCH /channels/:channelId/messages/:messageId": { limit: 5, windowMs: 5000 },
  "DELETE /channels/:channelId/messages/:messageId": { limit: 5, windowMs: 5000 },
  "POST /webhooks/:applicationId/:token": { limit: 5, windowMs: 2000 },
  "PATCH /webhooks/:applicationId/:token/messages/:messageId": { limit: 5, windowMs: 2000 },
  // Role creation is held to 250 per guild per 48 hours (X-RateLimit-Limit: 250 as observed).
  "POST /guilds/:guildId/roles": { limit: 250, windowMs: 48 * 60 * 60_000 },
  // Giving and taking member roles: 10 per 10 s per guild, one bucket for both (see sharedRouteBuckets).
  "PUT /guilds/:guildId/members/:userId/roles/:roleId": { limit: 10, windowMs: 10_000 },
};

/**
 * Routes that spend another route's bucket, as Discord's X-RateLimit-Bucket shows: removing a member role
 * counts against the same per-guild bucket as adding one, and takes its limit from that route's entry.
 */
export const sharedRouteBuckets: Readonly<Record<string, string>> = {
  "DELETE /guilds/:guildId/members/:userId/roles/:roleId":
    "PUT /guilds/:guildId/members/:userId/roles/:roleId",
};

/** Every other route: generous, but still a bucket with headers, as on Discord. */
export const defaultBucketLimit: BucketLimit = { limit: 50, windowMs: 1000 };

/** Discord's global limit for a bot: 50 requests per second across all routes. */
export const defaultGlobalPerSecond = 50;
