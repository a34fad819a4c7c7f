// The filter options of /subscribe (docs/architecture.md, "Routing": tournament id, difficulty, minimum
// rating change, linked members only). A given option replaces that filter on the channel's route; "any", 0
// and false remove it, and options left out keep what the route had. A filter none of the route's kinds has
// anything for filters nothing: /subscribe refuses to set one, and the route's description says so of one
// left over from before.
import type { EventKind } from "../../events/event-kinds.js";
import { kindsWithFacet, type FilterFacet } from "../../events/filter-facets.js";
import { plainCode, plainText } from "../../display/platform-text.js";
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

/** The filters, each with the facet of an event it looks at. */
export const filterFacets = {
  tournamentId: "tournament",
  difficulty: "difficulty",
  minRatingChange: "ratingChange",
  linkedOnly: "members",
} as const satisfies Partial<Record<keyof SubscriptionFilters, FilterFacet>>;

export type EventFilter = keyof typeof filterFacets;

/** The filters `options` sets (rather than removes or leaves as they were). */
export function filtersSet(options: FilterOptions): EventFilter[] {
  const set: EventFilter[] = [];
  if (options.tournament !== undefined && !clears(options.tournament)) set.push("tournamentId");
  if (options.difficulty !== undefined && !clears(options.difficulty)) set.push("difficulty");
  if (options.minRatingChange !== undefined && options.minRatingChange > 0) set.push("minRatingChange");
  if (options.linkedOnly === true) set.push("linkedOnly");
  return set;
}

/** Whether a filter looks at something none of `kinds` has, and so filters nothing. */
export function filtersNothing(filter: EventFilter, kinds: readonly EventKind[]): boolean {
  return kindsWithFacet(kinds, filterFacets[filter]).length === 0;
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

/** What a kind must have for a filter to look at it, in words. */
export const filterNeeds: Readonly<Record<EventFilter, string>> = {
  tournamentId: "has a tournament",
  difficulty: "has a difficulty",
  minRatingChange: "is a rating change",
  linkedOnly: "is about members",
};

/**
 * "tournament `t_1` · hard only · rating changes of ±25 or more · linked members only", or "none". Given the
 * route's kinds, a filter none of them has anything for is marked as filtering nothing.
 */
export function describeFilters(filters: SubscriptionFilters, kinds?: readonly EventKind[]): string {
  const note = (filter: EventFilter) =>
    kinds !== undefined && filtersNothing(filter, kinds)
      ? ` (filters nothing: none of the route's kinds ${filterNeeds[filter]})`
      : "";
  const parts: string[] = [];
  if (filters.tournamentId !== undefined)
    parts.push(`tournament ${plainCode(filters.tournamentId)}${note("tournamentId")}`);
  if (filters.difficulty !== undefined)
    parts.push(`${plainText(filters.difficulty)} only${note("difficulty")}`);
  if (filters.minRatingChange !== undefined)
    parts.push(`rating changes of ±${filters.minRatingChange} or more${note("minRatingChange")}`);
  if (filters.linkedOnly === true) parts.push(`linked members only${note("linkedOnly")}`);
  if (filters.battleUpdates === "channel")
    parts.push("battle and tournament updates in the channel, not a thread");
  return parts.length === 0 ? "none" : parts.join(" · ");
}
