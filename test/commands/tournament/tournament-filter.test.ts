import { describe, expect, it } from "vitest";
import {
  decodeTournamentFilter,
  encodeTournamentFilter,
  readTournamentFilter,
} from "../../../src/commands/tournament/tournament-filter.js";

describe("tournament list filter", () => {
  it("defaults to open tournaments of any difficulty", () => {
    expect(readTournamentFilter({})).toEqual({ status: "open", difficulty: undefined });
  });

  it("survives the trip through a ◀ ▶ custom id", () => {
    for (const filter of [
      { status: "completed", difficulty: "hard" },
      { status: "active", difficulty: undefined },
    ] as const) {
      expect(decodeTournamentFilter(encodeTournamentFilter(filter))).toEqual(filter);
    }
  });

  it("ignores values outside the spec's lists in a tampered custom id", () => {
    expect(decodeTournamentFilter("archived:extreme")).toEqual({ status: "open", difficulty: undefined });
    expect(decodeTournamentFilter("")).toEqual({ status: "open", difficulty: undefined });
  });
});
