// The periods a server's activity is summed over (docs/architecture.md, "The weekly digest"):
// `/leaderboard server period:week` takes its week from readActivityWindow, and so does a weekly digest whose
// refresh had none before it (a digest's week otherwise runs from the refresh before it, server-week.ts).

export const activityPeriods = ["week", "month", "all"] as const;

export type ActivityPeriod = (typeof activityPeriods)[number];

/** The periods that are windows of time; "all" ranks by rating instead. */
export type WindowPeriod = Exclude<ActivityPeriod, "all">;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Rolling windows, not calendar weeks: the platform refreshes its leaderboard every seven days at a time of
 * its own, Discord servers have no time zone, and a member reads "this week" as the last seven days.
 */
const periodDays: Readonly<Record<WindowPeriod, number>> = { week: 7, month: 30 };

export const periodLabels: Readonly<Record<WindowPeriod, string>> = {
  week: "the last 7 days",
  month: "the last 30 days",
};

/** The period ending at `end`: after `from`, up to and including `to`. */
export function readActivityWindow(
  period: WindowPeriod,
  end: number,
): { readonly from: number; readonly to: number } {
  return { from: end - periodDays[period] * dayMs, to: end };
}

/** An option's value as a period; anything else (a stale button, no option) is "all". */
export function readActivityPeriod(value: string | undefined): ActivityPeriod {
  return value === "week" || value === "month" ? value : "all";
}
