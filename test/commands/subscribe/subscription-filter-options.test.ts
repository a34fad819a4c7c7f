import { describe, expect, it } from "vitest";
import {
  applyFilterOptions,
  describeFilters,
  sameFilters,
} from "../../../src/commands/subscribe/subscription-filter-options.js";

describe("subscription filter options", () => {
  it("sets the filters given and keeps the others", () => {
    const filters = applyFilterOptions(
      { tournamentId: "t_1", linkedOnly: true },
      { difficulty: "Hard", minRatingChange: 25 },
    );
    expect(filters).toEqual({
      tournamentId: "t_1",
      linkedOnly: true,
      difficulty: "hard",
      minRatingChange: 25,
    });
  });

  it("removes a filter with any, 0 or false", () => {
    const current = { tournamentId: "t_1", difficulty: "hard", minRatingChange: 10, linkedOnly: true };
    expect(
      applyFilterOptions(current, {
        tournament: "any",
        difficulty: "any",
        minRatingChange: 0,
        linkedOnly: false,
      }),
    ).toEqual({});
  });

  it("keeps battle updates in the channel when asked, and back in the thread, which is the default", () => {
    const inChannel = applyFilterOptions({ linkedOnly: true }, { battleUpdates: "channel" });
    expect(inChannel).toEqual({ linkedOnly: true, battleUpdates: "channel" });
    expect(sameFilters(inChannel, { linkedOnly: true })).toBe(false);
    expect(describeFilters(inChannel)).toBe(
      "linked members only · battle and tournament updates in the channel, not a thread",
    );
    expect(applyFilterOptions(inChannel, { battleUpdates: "thread" })).toEqual({ linkedOnly: true });
  });

  it("compares filters, an absent linked-only being false", () => {
    expect(sameFilters({ linkedOnly: false }, {})).toBe(true);
    expect(sameFilters({ difficulty: "easy" }, { difficulty: "hard" })).toBe(false);
  });

  it("describes filters in words", () => {
    expect(describeFilters({})).toBe("none");
    expect(
      describeFilters({ tournamentId: "t_1", difficulty: "hard", minRatingChange: 25, linkedOnly: true }),
    ).toBe("tournament `t_1` · hard only · rating changes of ±25 or more · linked members only");
  });

  it("marks, given the route's kinds, the filters none of them has anything for", () => {
    const filters = { tournamentId: "trn_1", difficulty: "hard", minRatingChange: 25, linkedOnly: true };
    expect(describeFilters(filters, ["user.rating_changed"])).toBe(
      "tournament `trn_1` · hard only (filters nothing: none of the route's kinds has a difficulty) · " +
        "rating changes of ±25 or more · linked members only",
    );
    expect(describeFilters(filters, ["system.maintenance_scheduled"])).toBe(
      "tournament `trn_1` (filters nothing: none of the route's kinds has a tournament) · " +
        "hard only (filters nothing: none of the route's kinds has a difficulty) · " +
        "rating changes of ±25 or more (filters nothing: none of the route's kinds is a rating change) · " +
        "linked members only (filters nothing: none of the route's kinds is about members)",
    );
  });
});
