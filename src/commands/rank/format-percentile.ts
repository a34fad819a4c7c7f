/**
 * 85.7 → "85.7% of players": the rank info's percentile, the share of players ranked below (as the platform's
 * sandbox computes it: rank 1 of 7 is 85.7), one decimal at most. Shown as whom the member is ahead of, which
 * reads right beside their rank where "85.7th percentile" beside "#1" did not.
 */
export function formatPercentile(percentile: number | undefined): string {
  if (percentile === undefined || !Number.isFinite(percentile)) return "—";
  const rounded = Math.round(Math.min(100, Math.max(0, percentile)) * 10) / 10;
  return `${String(rounded)}% of players`;
}
