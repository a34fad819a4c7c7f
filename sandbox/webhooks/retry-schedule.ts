// the platform's API reference, Delivery and retries: at most five attempts, each after the previous one by
// 0 s, 30 s, 2 min, 8 min and 30 min (0 s, 30 s, 2 m 30 s, 10 m 30 s, 40 m 30 s after the first).
export const maxAttempts = 5;

const delaysAfterPrevious = [30_000, 120_000, 480_000, 1_800_000] as const;

/** Sandbox time of the next attempt after `attemptsMade` failed ones, or null when none remains. */
export function nextAttemptAt(attemptsMade: number, lastAttemptAt: number): number | null {
  const delay = delaysAfterPrevious[attemptsMade - 1];
  return attemptsMade >= maxAttempts || delay === undefined ? null : lastAttemptAt + delay;
}

/** The platform's deadline for a 2xx answer, in sandbox milliseconds. */
export const responseDeadline = 10_000;
