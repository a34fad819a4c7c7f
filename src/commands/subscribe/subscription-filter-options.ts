import { plainCode, plainText } from "../../display/platform-text.js";
// The filter options of /subscribe (docs/architecture.md, "Routing": tournament id, difficulty, minimum
// rating change, linked members only). A given option replaces that filter on the channel's route; "any", 0
// and false remove it, and options left out keep what the route had.
import type { SubscriptionFilters } from "../../store/subscriptions.js";

export interface FilterOptions {
  readonly tournament?: string | undefined;
  readonly difficulty?: string | undefined;
  readonly minRatingChange?: number | undefined;
  readonly linkedOnly?: boolean | undefined;
  /** Where a battle card's updates go: its thread (the default) or the channel. */
  readonly battleUpdates?: "thread" | "channel" | undefined;
}

/** The value of `tournament` and `difficulty` that removes the filter. */
export const anyValue = "any";

/** Whether a `tournament` or `difficulty` value removes the filter rather than setting one. */
export const clears = (value: string) => ["", anyValue, "none"].includes(value.trim().toLowerCase());

export function applyFilterOptions(
  current: SubscriptionFilters,
  options: FilterOptions,
): SubscriptionFilters {
  const next: { -readonly [Key in keyof SubscriptionFilters]: SubscriptionFilters[Key] } = { ...current };
  if (options.tournament !== undefined) {
    if (clears(options.tournament)) delete next.tournamentId;
    else next.tournamentId = options.tournament.trim();
  }
  if (options.difficulty !== undefined) {
    if (clears(options.difficulty)) delete next.difficulty;
    else next.difficulty = options.difficulty.trim().toLowerCase();
  }
  if (options.minRatingChange !== undefined) {
    if (options.minRatingChange <= 0) delete next.minRatingChange;
    else next.minRatingChange = options.minRatingChange;
  }
  if (options.linkedOnly !== undefined) {
    if (options.linkedOnly) next.linkedOnly = true;
    else delete next.linkedOnly;
  }
  if (options.battleUpdates === "channel") next.battleUpdates = "channel";
  else if (options.battleUpdates === "thread") delete next.battleUpdates;
  return next;
}

export function sameFilters(a: SubscriptionFilters, b: SubscriptionFilters): boolean {
  return (
    a.tournamentId === b.tournamentId &&
    a.difficulty === b.difficulty &&
    a.minRatingChange === b.minRatingChange &&
    (a.linkedOnly ?? false) === (b.linkedOnly ?? false) &&
    a.battleUpdates === b.battleUpdates
  );
}

/** "tournament `t_1` · hard only · rating changes of ±25 or more · linked members only", or "none". */
export function describeFilters(filters: SubscriptionFilters): string {
  const parts: string[] = [];
  if (filters.tournamentId !== undefined) parts.push(`tournament ${plainCode(filters.tournamentId)}`);
  if (filters.difficulty !== undefined) parts.push(`${plainText(filters.difficulty)} only`);
  if (filters.minRatingChange !== undefined)
    parts.push(`rating changes of ±${filters.minRatingChange} or more`);
  if (filters.linkedOnly === true) parts.push("linked members only");
  if (filters.battleUpdates === "channel")
    parts.push("battle and tournament updates in the channel, not a thread");
  return parts.length === 0 ? "none" : parts.join(" · ");
}
