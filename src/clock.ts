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

/**
 * An ISO 8601 date and time that names no offset (`2025-03-01T12:00:00`): JavaScript would read it as local.
 */
const withoutOffset = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)$/;

/**
 * A platform time as text with its zone said: the platform's times are UTC (docs/platform-assumptions.md,
 * "Fields we treat as optional"), so one that names no offset gets `Z`, and is read the same on a host in any
 * time zone. Any other text comes back as it was.
 */
export function asUtcText(text: string): string {
  const parts = withoutOffset.exec(text.trim());
  // ISO 8601 allows a comma before the fraction, which JavaScript does not read.
  return parts === null ? text : `${parts[1]}T${parts[2]?.replace(",", ".") ?? ""}Z`;
}

/** Milliseconds since the epoch of a platform time (asUtcText); NaN for text that is not a time. */
export function parseUtcTime(text: string): number {
  return Date.parse(asUtcText(text));
}
