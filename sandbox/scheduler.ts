// With a real clock, one timer wakes the sandbox at the next due time (battle deadline, tournament start
// or end, webhook retry, weekly refresh), converted to real time by the time scale. With an injected
// clock there is no timer: tests advance the clock and call `tick()` themselves.
import type { SandboxClock } from "./clock.js";

const longestTimer = 2_147_483_647;
/** A floor, so a due time that somehow stays due cannot spin the event loop. */
const shortestTimer = 10;

export class DueWorkScheduler {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly options: {
      clock: SandboxClock;
      enabled: boolean;
      nextDueAt: () => number | undefined;
      tick: () => void;
    },
  ) {}

  /** Re-arms the timer for the current next due time; cheap, called after anything that may change it. */
  poke(): void {
    if (!this.options.enabled || this.closed) return;
    clearTimeout(this.timer);
    const next = this.options.nextDueAt();
    if (next === undefined) return;
    const delay = Math.min(
      longestTimer,
      Math.max(shortestTimer, Math.ceil(this.options.clock.realDelayUntil(next))),
    );
    this.timer = setTimeout(() => {
      this.options.tick();
      this.poke();
    }, delay);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }
}
