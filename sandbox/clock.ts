/** Milliseconds since the Unix epoch; the bot's own clock has the same shape, so one clock can drive both. */
export interface Clock {
  now(): number;
}

/** Stops the calls `onJump` started. */
export type StopListening = () => void;

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The sandbox's own time: the base clock run `scale` times faster, plus whatever the control route
 * `POST /sandbox/clock/advance` added. Battle clocks, rate-limit windows, token expiry and webhook retry
 * schedules all read it, so one time scale speeds up all of them consistently.
 */
export class SandboxClock implements Clock {
  private readonly origin: number;
  private offset = 0;
  private readonly jumpListeners = new Set<() => void>();

  constructor(
    private readonly base: Clock,
    readonly scale: number,
  ) {
    this.origin = base.now();
  }

  now(): number {
    return Math.floor(this.origin + (this.base.now() - this.origin) * this.scale + this.offset);
  }

  advance(milliseconds: number): void {
    this.offset += milliseconds;
    for (const listener of [...this.jumpListeners]) listener();
  }

  /**
   * Calls `listener` after each `advance`: whatever else reads this clock (the playground's bot) and sleeps
   * until a due time looks again at once. The bot's clock has this shape too (its `onJump`).
   */
  onJump(listener: () => void): StopListening {
    const own = (): void => {
      listener();
    };
    this.jumpListeners.add(own);
    return () => {
      this.jumpListeners.delete(own);
    };
  }

  /** Real milliseconds until sandbox time reaches `at`; what a timer must wait. */
  realDelayUntil(at: number): number {
    return Math.max(0, (at - this.now()) / this.scale);
  }
}

export function toIso(epochMilliseconds: number): string {
  return new Date(epochMilliseconds).toISOString();
}
