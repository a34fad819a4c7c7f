// Discord's Invalid Request Limit (docs: Topics, Rate Limits, "Invalid Request Limit aka Cloudflare bans"): an
// address whose requests are answered 401, 403 or 429 (a 429 of scope "shared" excepted) 10,000 times within
// 10 minutes is restricted by Cloudflare for a while, every request then answered 429 `error code: 1015`
// (rest/rest-guards.ts). The documentation does not say how long the restriction lasts: an hour here.
import type { Clock } from "../clock.js";

export interface InvalidRequestSettings {
  /** Invalid answers within `windowMs` that begin a ban; 10,000. */
  readonly count: number;
  /** 10 minutes. */
  readonly windowMs: number;
  /** How long the ban lasts; an hour. */
  readonly banMs: number;
}

export const discordInvalidRequestLimit: InvalidRequestSettings = {
  count: 10_000,
  windowMs: 10 * 60_000,
  banMs: 60 * 60_000,
};

/** The statuses Discord counts as invalid requests. */
const invalidStatuses = new Set([401, 403, 429]);

/** The invalid answers of the last window, and the ban they began, if any. */
export class InvalidRequestLimit {
  /** When each invalid answer of the window was given, oldest first, from `first` on. */
  #times: number[] = [];
  #first = 0;
  #bannedUntil: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly settings: InvalidRequestSettings = discordInvalidRequestLimit,
  ) {}

  /**
   * Counts an answer given while no ban held: true when it was an invalid one (401, 403, or a 429 whose
   * `X-RateLimit-Scope` is not "shared"). The one that reaches the limit begins the ban.
   */
  record(status: number, scope: string | undefined): boolean {
    if (!invalidStatuses.has(status) || (status === 429 && scope === "shared")) return false;
    const now = this.clock.now();
    this.#times.push(now);
    while (
      this.#first < this.#times.length &&
      (this.#times[this.#first] ?? now) <= now - this.settings.windowMs
    )
      this.#first += 1;
    if (this.#first > 1024 && this.#first * 2 > this.#times.length) {
      this.#times = this.#times.slice(this.#first);
      this.#first = 0;
    }
    if (this.#times.length - this.#first >= this.settings.count) {
      this.#bannedUntil = now + this.settings.banMs;
      this.#times = [];
      this.#first = 0;
    }
    return true;
  }

  /** The seconds left of the ban the limit began, or undefined when none holds (one that ran out is lifted). */
  banSecondsLeft(): number | undefined {
    if (this.#bannedUntil === undefined) return undefined;
    const left = this.#bannedUntil - this.clock.now();
    if (left > 0) return Math.ceil(left / 1000);
    this.#bannedUntil = undefined;
    return undefined;
  }

  /** Ends the ban, as `setCloudflareBan(false)` does. */
  lift(): void {
    this.#bannedUntil = undefined;
  }
}
