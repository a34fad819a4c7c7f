// What each event kind has for a route's filters to look at (docs/architecture.md, "Routing"): a filter on
// something a kind does not have is ignored for it, so a filter none of a route's kinds has filters nothing.
// src/webhooks/event-facets.ts reads the same facets off each event; a test keeps the two in step.
import type { EventKind } from "./event-kinds.js";

/** A tournament id, a difficulty, a rating change, the members the event is about. */
export type FilterFacet = "tournament" | "difficulty" | "ratingChange" | "members";

const battle: readonly FilterFacet[] = ["tournament", "difficulty", "members"];
const member: readonly FilterFacet[] = ["members"];

export const kindFilterFacets: Readonly<Record<EventKind, readonly FilterFacet[]>> = {
  "battle.created": battle,
  "battle.started": battle,
  "battle.completed": battle,
  "battle.submission": battle,
  "user.registered": member,
  "user.profile_updated": member,
  "user.achievement_earned": member,
  "user.rating_changed": ["tournament", "ratingChange", "members"],
  "team.created": member,
  "team.member_joined": member,
  "team.battle_completed": battle,
  "system.maintenance_scheduled": [],
  "system.tournament_started": ["tournament", "difficulty"],
  "system.leaderboard_updated": [],
};

/** The kinds, of `kinds`, that have `facet`. */
export function kindsWithFacet(kinds: readonly EventKind[], facet: FilterFacet): EventKind[] {
  return kinds.filter((kind) => kindFilterFacets[kind].includes(facet));
}

/**
 * Facets routing reads off a kind's events when they carry them, but which neither the platform's API
 * reference nor the sandbox shows on that kind (docs/platform-assumptions.md, "Filters"): a filter on one of
 * them holds back every such event that leaves it out, which may be all of them. `/subscribe` says so.
 */
export const unshownFilterFacets: Readonly<Partial<Record<EventKind, readonly FilterFacet[]>>> = {
  "battle.created": ["tournament"],
  "battle.started": ["tournament"],
  "battle.completed": ["tournament"],
  "battle.submission": ["tournament", "difficulty"],
  "user.rating_changed": ["tournament"],
  "team.battle_completed": ["tournament", "difficulty"],
};

/** The kinds, of `kinds`, whose events the platform is not shown to give `facet`. */
export function kindsWithUnshownFacet(kinds: readonly EventKind[], facet: FilterFacet): EventKind[] {
  return kinds.filter((kind) => unshownFilterFacets[kind]?.includes(facet) === true);
}
