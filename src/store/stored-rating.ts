/**
 * A rating as the store's integer columns hold it (platform_users.rating, tiers' lowest and highest ratings,
 * member_tier_roles.rating): the platform's answers are read leniently (any finite number where the spec says
 * integer: docs/platform-assumptions.md), and PostgreSQL refuses a fraction or a number past 32 bits where
 * SQLite would store it, so a fraction is rounded and one outside any rating's range (a billion either way,
 * as events' ratings are read: src/events/event-data/fields.ts) is unknown.
 */
export function storedRating(rating: number | null): number | null {
  if (rating === null || !Number.isFinite(rating)) return null;
  const rounded = Math.round(rating);
  return Math.abs(rounded) <= 1_000_000_000 ? rounded : null;
}
