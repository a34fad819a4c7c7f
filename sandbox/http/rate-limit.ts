// Per-credential limits over a sliding window (the platform's API reference, Limits): a request is allowed
// while fewer than `limit` requests were counted in the last `window`; refused requests are not counted.
import type { Clock } from "../clock.js";

/**
 * The code of a 429: the reference's errors table names `RATE_LIMITED`, its rate-limit reference
 * `RATE_LIMIT_EXCEEDED` with `details` { limit, window, retry_after }. The sandbox sends the latter unless
 * told otherwise (SANDBOX_RATE_LIMIT_CODE); with `RATE_LIMITED` the body is the errors table's, without
 * details, so only the X-RateLimit-* headers say how long to wait.
 */
export type RateLimitCode = "RATE_LIMIT_EXCEEDED" | "RATE_LIMITED";

export interface RateLimitSettings {
  /** Requests per window; the spec's figures differ by reference (100, 1,000, 10,000…), 1,000 here. */
  limit: number;
  /** Window length in seconds; the spec's is 3600. */
  windowSeconds: number;
  code: RateLimitCode;
  /** Limits of single operations, each counted apart from the key's own; none when empty. */
  operations: readonly OperationLimit[];
}

/**
 * One operation's own limit (the platform's API reference, Limits: "battle submissions 100/hour; tournament
 * registration 10/hour; team operations 50/hour"), counted per key over `routes` together.
 */
export interface OperationLimit {
  readonly name: string;
  /** `METHOD /route/:pattern`, as the route is registered. */
  readonly routes: readonly string[];
  readonly limit: number;
  readonly windowSeconds: number;
}

/** The API reference's standard limits, beside its 1,000 general calls an hour. */
export const standardOperationLimits: readonly OperationLimit[] = [
  { name: "battle submissions", routes: ["POST /v1/battles/:id/submit"], limit: 100, windowSeconds: 3600 },
  {
    name: "tournament registration",
    routes: ["POST /v1/tournaments/:id/register"],
    limit: 10,
    windowSeconds: 3600,
  },
  {
    name: "team operations",
    routes: ["POST /v1/teams", "POST /v1/teams/:id/invite"],
    limit: 50,
    windowSeconds: 3600,
  },
];

export const defaultRateLimits: RateLimitSettings = {
  limit: 1000,
  windowSeconds: 3600,
  code: "RATE_LIMIT_EXCEEDED",
  operations: standardOperationLimits,
};

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the oldest counted request leaves the window (a slot frees up). */
  resetAt: number;
  /** Whole seconds until a refused request may be retried; 0 when allowed. */
  retryAfter: number;
  windowSeconds: number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly settings: RateLimitSettings,
  ) {}

  get code(): RateLimitCode {
    return this.settings.code;
  }

  /** The operation limit a request to `route` (`METHOD /pattern`) counts against, if any. */
  operationOf(route: string): OperationLimit | undefined {
    return this.settings.operations.find((operation) => operation.routes.includes(route));
  }

  hit(
    key: string,
    limit = this.settings.limit,
    windowSeconds = this.settings.windowSeconds,
  ): RateLimitDecision {
    const now = this.clock.now();
    const windowMs = windowSeconds * 1000;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    const allowed = recent.length < limit;
    if (allowed) recent.push(now);
    this.hits.set(key, recent);
    const oldest = recent[0] ?? now;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - recent.length),
      resetAt: Math.ceil((oldest + windowMs) / 1000),
      retryAfter: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
      windowSeconds,
    };
  }
}
