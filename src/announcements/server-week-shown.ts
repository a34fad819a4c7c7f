// Who the weekly digest shows in each section (docs/architecture.md, "The weekly digest"): the renderer lists
// them, and the check for members who left asks Discord about them and no one else.
import { plainText } from "../display/platform-text.js";
import type { MemberMilestone, MemberPeriodTotals } from "../store/member-activity-periods.js";

/** Members shown per ranked section; the rest are in `/leaderboard server period:week`. */
const shownPerSection = 5;

/** The rows a digest is made from. */
export interface WeekRows {
  /** By rating gained, most first (the order of `/leaderboard server period:week`). */
  readonly totals: readonly MemberPeriodTotals[];
  readonly promotions: readonly MemberMilestone[];
  readonly achievements: readonly MemberMilestone[];
}

export interface ShownWeek {
  readonly gains: readonly MemberPeriodTotals[];
  readonly losses: readonly MemberPeriodTotals[];
  readonly winners: readonly MemberPeriodTotals[];
  /** Each member's last promotion of the week, in the order they happened. */
  readonly promotions: readonly MemberMilestone[];
  /** Each member's achievements as inert text, members in the order of their first one. */
  readonly achievements: readonly (readonly [string, readonly string[]])[];
}

export function selectShownWeek(week: WeekRows | undefined): ShownWeek {
  const totals = week?.totals ?? [];
  const gains = totals.filter((row) => row.ratingChange > 0);
  const losses = totals.filter((row) => row.ratingChange < 0).sort((a, b) => a.ratingChange - b.ratingChange);
  const winners = totals
    .filter((row) => row.battlesWon > 0)
    .sort((a, b) => b.battlesWon - a.battlesWon || a.battlesPlayed - b.battlesPlayed);
  return {
    gains: gains.slice(0, shownPerSection),
    losses: losses.slice(0, shownPerSection),
    winners: winners.slice(0, shownPerSection),
    promotions: latestPerMember(week?.promotions ?? []),
    achievements: groupByMember(week?.achievements ?? []),
  };
}

/** The platform users the digest names from its rows, each once. */
export function listShownMembers(week: WeekRows): string[] {
  const shown = selectShownWeek(week);
  return [
    ...new Set([
      ...[...shown.gains, ...shown.losses, ...shown.winners, ...shown.promotions].map(
        (row) => row.platformUserId,
      ),
      ...shown.achievements.map(([platformUserId]) => platformUserId),
    ]),
  ];
}

function latestPerMember(promotions: readonly MemberMilestone[]): MemberMilestone[] {
  const latest = new Map<string, MemberMilestone>();
  for (const promotion of promotions) {
    latest.delete(promotion.platformUserId);
    latest.set(promotion.platformUserId, promotion);
  }
  return [...latest.values()];
}

function groupByMember(achievements: readonly MemberMilestone[]): [string, string[]][] {
  const byMember = new Map<string, string[]>();
  for (const { platformUserId, name } of achievements) {
    byMember.set(platformUserId, [...(byMember.get(platformUserId) ?? []), plainText(name)]);
  }
  return [...byMember.entries()];
}
