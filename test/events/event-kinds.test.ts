import { describe, expect, it } from "vitest";
import { canonicalEventKind } from "../../src/events/event-kinds.js";

describe("canonicalEventKind", () => {
  it("keeps known kinds, maps the tournament.started alias, and rejects the rest", () => {
    expect(canonicalEventKind("battle.completed")).toBe("battle.completed");
    expect(canonicalEventKind("tournament.started")).toBe("system.tournament_started");
    expect(canonicalEventKind("battle.exploded")).toBeUndefined();
  });

  it("does not mistake Object.prototype members for aliases", () => {
    for (const name of ["valueOf", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(canonicalEventKind(name)).toBeUndefined();
    }
  });
});
