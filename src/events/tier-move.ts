// Whether a rating change moved the player's tier, and which way, read the same way by the rating-change
// announcement and the weekly digest's promotions (docs/platform-assumptions.md, "The weekly refresh").
import type { RatingChangedData } from "./event-data/user-events.js";

/** "changed": the tier is another one, but the event does not tell which way it went. */
export type TierMove = "promoted" | "demoted" | "changed" | "same";

/**
 * The tiers whose order the bot knows, lowest first: the reference names only platinum and grandmaster (in
 * that order); the rest are the usual ladder, the names src/display/tier.ts colours.
 */
export const knownTierOrder = [
  "iron",
  "bronze",
  "silver",
  "gold",
  "platinum",
  "diamond",
  "master",
  "grandmaster",
  "challenger",
] as const;

/**
 * The direction comes from what the event tells: the order of its two tiers when both are known ones, and the
 * sign of its rating change (one tier per rating range, so a rating that rose cannot land in a lower tier).
 * "changed" when neither tells, or they disagree: no promotion is counted that the event does not show.
 */
export function readTierMove(data: Pick<RatingChangedData, "tier" | "previousTier" | "change">): TierMove {
  const { tier, previousTier, change } = data;
  if (tier === undefined || previousTier === undefined || sameTier(tier, previousTier)) return "same";
  const byOrder = compareKnownTiers(previousTier, tier);
  const byRating = change === undefined || change === 0 ? undefined : Math.sign(change);
  if (byOrder !== undefined && byRating !== undefined && byOrder !== byRating) return "changed";
  const direction = byOrder ?? byRating;
  if (direction === undefined) return "changed";
  return direction > 0 ? "promoted" : "demoted";
}

/** 1 when `to` is above `from`, -1 below; undefined unless both are known tiers. */
function compareKnownTiers(from: string, to: string): number | undefined {
  const fromRank = rankKnownTier(from);
  const toRank = rankKnownTier(to);
  if (fromRank === undefined || toRank === undefined || fromRank === toRank) return undefined;
  return toRank > fromRank ? 1 : -1;
}

/**
 * 0 when `from` and `to` are the same tier (however written, or two spellings of one known tier), 1 when `to` is
 * above, -1 below; undefined when the order is not known (another tier, not both known ones).
 */
export function compareTiers(from: string, to: string): number | undefined {
  if (sameTier(from, to)) return 0;
  const fromRank = rankKnownTier(from);
  const toRank = rankKnownTier(to);
  if (fromRank === undefined || toRank === undefined) return undefined;
  return Math.sign(toRank - fromRank);
}

/** "Grand Master" → the rank of grandmaster, as src/display/tier.ts reads a name for its colour. */
function rankKnownTier(tier: string): number | undefined {
  const key = tier.toLowerCase().replace(/[^a-z]/g, "");
  const rank = knownTierOrder.findIndex((known) => known === key);
  return rank === -1 ? undefined : rank;
}

/** Whether two tier names are the same tier, as the platform may write one in another case or spacing. */
export function sameTier(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
