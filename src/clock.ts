/** Time comes from a clock passed in, so tests can move it instead of sleeping (docs/conventions.md, habit 6). */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * For a clock that can jump ahead (a stand-in's moved clock): calls `listener` after each jump, so a worker
   * asleep until a due time looks again at once; returns what stops the calls. The system clock never jumps.
   */
  onJump?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; for tests and the sandbox's time control. */
export class ManualClock implements Clock {
  constructor(private current = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.current;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  set(epochMilliseconds: number): void {
    this.current = epochMilliseconds;
  }
}
