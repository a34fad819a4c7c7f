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
};

/** Every other route: generous, but still a bucket with headers, as on Discord. */
export const defaultBucketLimit: BucketLimit = { limit: 50, windowMs: 1000 };

/** Discord's global limit for a bot: 50 requests per second across all routes. */
export const defaultGlobalPerSecond = 50;
