import { ratingMagnitudeLimit } from "../events/event-data/fields.js";

/**
 * A rating as the store's integer columns hold it (platform_users.rating, tiers' lowest and highest ratings,
 * member_tier_roles.rating): the platform's answers are read leniently (any finite number where the spec says
 * integer: docs/platform-assumptions.md), and PostgreSQL refuses a fraction or a number past 32 bits where
 * SQLite would store it, so a fraction is rounded and one outside any rating's range (as events' ratings are
 * read) is unknown.
 */
export function storedRating(rating: number | null): number | null {
  if (rating === null || !Number.isFinite(rating)) return null;
  const rounded = Math.round(rating);
  return Math.abs(rounded) <= ratingMagnitudeLimit ? rounded : null;
}
