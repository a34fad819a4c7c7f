/**
 * A window that opens at its first request and admits `limit` requests for `windowMs`. This is how
 * @discordjs/rest models both the global limit and a bucket, so a client that follows the headers
 * never sees a 429.
 */
export class FixedWindow {
  private openedAt = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Takes a slot if one is free at `now`; returns whether it did. */
  tryTake(now: number): boolean {
    if (now >= this.resetsAt()) {
      this.openedAt = now;
      this.used = 0;
    }
    if (this.used >= this.limit) return false;
    this.used += 1;
    return true;
  }

  remaining(now: number): number {
    return now >= this.resetsAt() ? this.limit : this.limit - this.used;
  }

  resetsAt(): number {
    return this.openedAt + this.windowMs;
  }

  /** Milliseconds until the window closes (at least 1: a wait of 0 would be retried at once). */
  msUntilReset(now: number): number {
    return Math.max(1, this.resetsAt() - now);
  }

  isIdle(now: number): boolean {
    return now >= this.resetsAt();
  }
}
