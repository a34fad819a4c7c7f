// Whether a rating change moved the player's tier, read the same way by the rating-change announcement and
// the weekly digest's promotions.
import type { RatingChangedData } from "./event-data/user-events.js";

export type TierMove = "promoted" | "demoted" | "same";

/** A change of tier upwards unless the rating fell; "same" when either tier is unknown. */
export function readTierMove(data: Pick<RatingChangedData, "tier" | "previousTier" | "change">): TierMove {
  const { tier, previousTier, change } = data;
  if (tier === undefined || previousTier === undefined || sameTier(tier, previousTier)) return "same";
  if (change !== undefined && change < 0) return "demoted";
  return "promoted";
}

function sameTier(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
