// Where a member's period began, read from its rating rows, and whether the tier they ended it in is above
// that (docs/architecture.md, "The weekly digest"): what keeps a promotion in the digest's week
// (member-activity-periods.ts, listPeriodPromotions). Plain functions over rows already read.
import { compareTiers } from "../events/index.js";

/** Where a member's period began: the tier, and the rating, before their first change that named a tier. */
export interface PeriodStart {
  readonly tier: string;
  /**
   * Undefined when that change did not say both its new rating and the change, or when the first changes at
   * one instant do not tell one rating.
   */
  readonly rating: number | undefined;
}

/**
 * The tier each member was in before their first change of the period that named a tier, where that change
 * says, and their rating then (its new rating less its change): none for a member whose first such row does not
 * name the tier before (recorded before rows kept it), nor for one whose first rows, at one instant, disagree
 * on it (their order is not known); no rating when those rows do not all tell the same one.
 */
export function readStartsOfPeriod(
  rows: readonly {
    platform_user_id: string;
    occurred_at: number;
    tier_before: string | null;
    new_rating: number | null;
    rating_change: number | null;
  }[],
): Map<string, PeriodStart> {
  const first = new Map<string, { occurredAt: number; told: (typeof rows)[number][] }>();
  for (const row of rows) {
    const known = first.get(row.platform_user_id);
    if (known !== undefined && row.occurred_at > known.occurredAt) continue;
    if (known?.occurredAt === row.occurred_at) known.told.push(row);
    else first.set(row.platform_user_id, { occurredAt: row.occurred_at, told: [row] });
  }
  const starts = new Map<string, PeriodStart>();
  for (const [platformUserId, { told }] of first) {
    const tier = told[0]?.tier_before;
    if (tier == null) continue;
    if (!told.every(({ tier_before: other }) => other !== null && compareTiers(tier, other) === 0)) continue;
    const ratings = told.map(({ new_rating, rating_change }) =>
      new_rating === null || rating_change === null ? undefined : new_rating - rating_change,
    );
    const rating = ratings.every((other) => other === ratings[0]) ? ratings[0] : undefined;
    starts.set(platformUserId, { tier, rating });
  }
  return starts;
}

/**
 * Whether `tier`, reached with `ratingAtEnd` by the period's last change that named a tier, is above where the
 * period began: by the known order when both are known tiers; else by the ratings held in each, one tier per
 * rating range (src/events/tier-move.ts); else, when neither tells, any other tier. Ratings a point apart tell
 * nothing: a new rating and its change are each stored rounded, so the start may be one off.
 */
export function isAbove(tier: string, ratingAtEnd: number | undefined, start: PeriodStart): boolean {
  const order = compareTiers(start.tier, tier);
  if (order !== undefined) return order > 0;
  if (ratingAtEnd === undefined || start.rating === undefined) return true;
  if (Math.abs(ratingAtEnd - start.rating) <= 1) return true;
  return ratingAtEnd > start.rating;
}
