// When a failed post is tried again (docs/architecture.md, "Posting"): exponential backoff with full jitter,
// so a Discord outage does not end with every worker retrying every row in the same instant.

export interface RetryPolicy {
  /** The ceiling of the first retry's delay; it doubles with each failed attempt. */
  readonly baseDelayMs: number;
  /** The ceiling never grows past this. */
  readonly maxDelayMs: number;
  /** Failed attempts after which the row is dead-lettered with its last error. */
  readonly maxAttempts: number;
  /**
   * Never given up sooner than this after the work was queued, however many attempts failed: a Discord outage
   * of hours loses none of it. Undefined: `maxAttempts` alone decides.
   */
  readonly keepTryingForMs?: number;
}

/** Twelve attempts, the last about 16 minutes after the first on average (32 at most): 1 s · 2^n, ≤ 15 min. */
export const defaultRetryPolicy: RetryPolicy = {
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  maxAttempts: 12,
};

/**
 * The wait before the next attempt, once `failedAttempts` (this failure included, ≥ 1) have failed: drawn
 * uniformly from [0, min(maxDelayMs, baseDelayMs · 2^(failedAttempts − 1))) ("full jitter").
 */
export function computeRetryDelay(policy: RetryPolicy, failedAttempts: number, random: () => number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  return Math.floor(random() * ceiling);
}

/**
 * A post waiting through a Discord outage is still worth making for a day (docs/architecture.md, "Posting").
 */
export const outboxRetryPolicy: RetryPolicy = { ...defaultRetryPolicy, keepTryingForMs: 24 * 60 * 60_000 };

/**
 * True when no attempt is left after `failedAttempts` failures, `waitedMs` after the work was queued
 * (unknown: the attempts alone decide).
 */
export function hasExhaustedRetries(policy: RetryPolicy, failedAttempts: number, waitedMs?: number): boolean {
  if (failedAttempts < policy.maxAttempts) return false;
  return policy.keepTryingForMs === undefined || waitedMs === undefined || waitedMs >= policy.keepTryingForMs;
}
