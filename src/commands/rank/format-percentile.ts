/** 90 → "90th", 99.5 → "99.5th"; the percentile of the platform's API reference's rank info, one decimal at most. */
export function formatPercentile(percentile: number | undefined): string {
  if (percentile === undefined || !Number.isFinite(percentile)) return "—";
  const rounded = Math.round(percentile * 10) / 10;
  return `${String(rounded)}${ordinalSuffix(rounded)}`;
}

function ordinalSuffix(value: number): string {
  if (!Number.isInteger(value)) return "th";
  const lastTwo = Math.abs(value) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  return ["th", "st", "nd", "rd"][Math.abs(value) % 10] ?? "th";
}
