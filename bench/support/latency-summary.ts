// Percentiles of initial-response times, with interactions that got no response in time counted as the slowest.

export interface LatencySummary {
  readonly count: number;
  /** Interactions that passed Discord's 3 s without a response (or whose response was refused). */
  readonly unanswered: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** Nearest-rank percentiles: p99 of 300 samples is the 297th fastest. Unanswered ones count as Infinity. */
export function summariseLatencies(latenciesMs: readonly number[], unanswered: number): LatencySummary {
  const sorted = [...latenciesMs, ...Array<number>(unanswered).fill(Number.POSITIVE_INFINITY)].sort(
    (left, right) => left - right,
  );
  const rank = (fraction: number) =>
    sorted[Math.max(0, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
  return {
    count: sorted.length,
    unanswered,
    p50: rank(0.5),
    p95: rank(0.95),
    p99: rank(0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

function formatMs(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : "none in 3 s";
}

export function formatSummary(summary: LatencySummary): string {
  return (
    `p50 ${formatMs(summary.p50)} | p95 ${formatMs(summary.p95)} | p99 ${formatMs(summary.p99)} | ` +
    `max ${formatMs(summary.max)} ms`
  );
}

/** How many times the baseline's figure; a baseline under the clock's 1 ms step counts as 1 ms. */
export function formatRatio(value: number, baseline: number): string {
  return Number.isFinite(value) ? (value / Math.max(1, baseline)).toFixed(1) : "∞";
}
