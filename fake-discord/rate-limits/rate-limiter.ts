import { createHash } from "node:crypto";
import type { Clock } from "../clock.js";
import { FixedWindow } from "./fixed-window.js";
import {
  defaultBucketLimit,
  defaultGlobalPerSecond,
  defaultRouteLimits,
  sharedRouteBuckets,
  type BucketLimit,
} from "./route-limits.js";

export interface RateLimitSettings {
  globalPerSecond?: number;
  /** Overrides merged over `defaultRouteLimits`, same keys. */
  routes?: Readonly<Record<string, BucketLimit>>;
  /** Limit of every route not named in `routes`. */
  defaultBucket?: BucketLimit;
}

export interface RateLimitedRequest {
  /** "POST /channels/:channelId/messages" */
  routeKey: string;
  /** The id that splits a route into buckets: channel, guild or webhook (docs: Rate Limits). */
  majorParameter: string;
  /** Interaction routes are not bound to the bot's global limit (docs: Rate Limits, Global). */
  countsTowardsGlobal: boolean;
  /** Interaction callbacks have no bucket at all. */
  hasBucket: boolean;
}

export type RateLimitDecision =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; global: boolean; retryAfterMs: number; headers: Record<string, string> };

/** Discord's two layers: one global window per bot, then a bucket per route and major parameter. */
export class RateLimiter {
  private readonly global: FixedWindow;
  private readonly buckets = new Map<string, FixedWindow>();
  private readonly routes: Readonly<Record<string, BucketLimit>>;
  private readonly defaultBucket: BucketLimit;

  constructor(
    private readonly clock: Clock,
    settings: RateLimitSettings = {},
  ) {
    this.global = new FixedWindow(settings.globalPerSecond ?? defaultGlobalPerSecond, 1000);
    this.routes = { ...defaultRouteLimits, ...settings.routes };
    this.defaultBucket = settings.defaultBucket ?? defaultBucketLimit;
  }

  check(request: RateLimitedRequest): RateLimitDecision {
    const now = this.clock.now();
    if (request.countsTowardsGlobal && !this.global.tryTake(now)) {
      const retryAfterMs = this.global.msUntilReset(now);
      return {
        allowed: false,
        global: true,
        retryAfterMs,
        headers: {
          "retry-after": String(Math.ceil(retryAfterMs / 1000)),
          "x-ratelimit-global": "true",
          "x-ratelimit-scope": "global",
        },
      };
    }
    if (!request.hasBucket) return { allowed: true, headers: {} };
    const bucketRoute = sharedRouteBuckets[request.routeKey] ?? request.routeKey;
    const bucket = this.bucketFor(bucketRoute, request.majorParameter, now);
    const taken = bucket.tryTake(now);
    const headers = describeBucket(bucket, bucketRoute, now);
    if (taken) return { allowed: true, headers };
    const retryAfterMs = bucket.msUntilReset(now);
    headers["retry-after"] = String(Math.ceil(retryAfterMs / 1000));
    headers["x-ratelimit-scope"] = "user";
    return { allowed: false, global: false, retryAfterMs, headers };
  }

  private bucketFor(bucketRoute: string, majorParameter: string, now: number): FixedWindow {
    const key = `${bucketRoute}:${majorParameter}`;
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      if (this.buckets.size > 50_000) this.sweepIdleBuckets(now);
      const { limit, windowMs } = this.routes[bucketRoute] ?? this.defaultBucket;
      bucket = new FixedWindow(limit, windowMs);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private sweepIdleBuckets(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isIdle(now)) this.buckets.delete(key);
  }
}

function describeBucket(bucket: FixedWindow, routeKey: string, now: number): Record<string, string> {
  return {
    "x-ratelimit-limit": String(bucket.limit),
    "x-ratelimit-remaining": String(bucket.remaining(now)),
    "x-ratelimit-reset": (bucket.resetsAt() / 1000).toFixed(3),
    "x-ratelimit-reset-after": (bucket.msUntilReset(now) / 1000).toFixed(3),
    "x-ratelimit-bucket": hashRoute(routeKey),
  };
}

/** Discord's bucket ids are opaque hashes shared by every major parameter of a route. */
function hashRoute(routeKey: string): string {
  return createHash("sha256").update(routeKey).digest("hex").slice(0, 32);
}
