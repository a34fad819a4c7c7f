// Whether one subscription's filters let an event through (docs/architecture.md, "Routing"; the filters are
// SubscriptionFilters in src/store/subscriptions.ts). A filter on a notion the event's kind does not have
// is ignored, so one subscription can mix kinds: "battles of tournament X, and maintenance notices".
import type { SubscriptionFilters } from "../store/subscriptions.js";
import type { EventFacets } from "./event-facets.js";

/**
 * `isAboutLinkedMember` answers whether any of the event's users is linked in the subscription's guild;
 * it is only asked when the filter needs it.
 */
export function passesFilters(
  filters: SubscriptionFilters,
  facets: EventFacets,
  isAboutLinkedMember: () => boolean,
): boolean {
  if (filters.tournamentId !== undefined && facets.tournamentId !== undefined) {
    if (facets.tournamentId !== filters.tournamentId) return false;
  }
  if (filters.difficulty !== undefined && facets.difficulty !== undefined) {
    if (facets.difficulty?.toLowerCase() !== filters.difficulty.toLowerCase()) return false;
  }
  if (filters.minRatingChange !== undefined && facets.ratingChange !== undefined) {
    // A minimum change is a size: a loss of 30 is as notable as a gain of 30.
    if (facets.ratingChange === null || Math.abs(facets.ratingChange) < filters.minRatingChange) return false;
  }
  if (filters.linkedOnly === true && facets.userIds !== undefined) {
    if (!isAboutLinkedMember()) return false;
  }
  return true;
}
