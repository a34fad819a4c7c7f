// The facets /subscribe says each kind has (src/events/filter-facets.ts) are the ones routing reads off an event of
// that kind (src/webhooks/event-facets.ts), for every kind, from the sandbox's events.
import { describe, expect, it } from "vitest";
import { eventKinds } from "../../src/events/event-kinds.js";
import { kindFilterFacets, type FilterFacet } from "../../src/events/filter-facets.js";
import { readEventFacets } from "../../src/webhooks/event-facets.js";
import { createSandboxWorld, readEvent } from "../announcements/support/events.js";

describe("kindFilterFacets", () => {
  const world = createSandboxWorld();

  it.each(eventKinds)("names the facets routing reads off a %s event", (kind) => {
    const facets = readEventFacets(readEvent(kind, world.data(kind)));
    const read: Record<FilterFacet, boolean> = {
      tournament: facets.tournamentId !== undefined,
      difficulty: facets.difficulty !== undefined,
      ratingChange: facets.ratingChange !== undefined,
      members: facets.userIds !== undefined,
    };
    const has = (Object.keys(read) as FilterFacet[]).filter((facet) => read[facet]);
    expect([...kindFilterFacets[kind]].sort()).toEqual(has.sort());
  });
});
