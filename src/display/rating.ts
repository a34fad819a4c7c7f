// A rating and its change, shown the same way by the rank, profile, stats and leaderboard replies, the
// announcements and the rating chart.
const unknown = "—";

/**
 * A rating as members read it: 1849.6 → "1850", "—" when unknown. `grouped` adds thousands separators
 * ("12,345"), as the rating chart prints them.
 */
export function formatRating(
  rating: number | null | undefined,
  options: { readonly grouped?: boolean } = {},
): string {
  if (rating === null || rating === undefined || !Number.isFinite(rating)) return unknown;
  const rounded = Math.round(rating);
  return options.grouped === true ? rounded.toLocaleString("en-US") : String(rounded);
}

/** A rating change with its sign: +25 → "+25", -8 → "-8", 0 → "±0"; "—" when unknown. */
export function formatRatingChange(change: number | undefined): string {
  if (change === undefined || !Number.isFinite(change)) return unknown;
  if (change === 0) return "±0";
  return change > 0 ? `+${String(change)}` : String(change);
}
