// How far ahead a started tournament's event is kept (docs/architecture.md, "Tournament events"): its end is
// moved on once it is within two read intervals (at least 10 minutes), so a read that fails still leaves one
// more before the end, and by a bounded step of four intervals (at least 30 minutes) from now, so it moves
// once every few reads rather than at each.
const minute = 60_000;

export function liveEventTiming(pollMs: number): {
  readonly extendWithinMs: number;
  readonly stepMs: number;
} {
  return { extendWithinMs: Math.max(10 * minute, 2 * pollMs), stepMs: Math.max(30 * minute, 4 * pollMs) };
}
