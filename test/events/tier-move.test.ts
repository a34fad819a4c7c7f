import { describe, expect, it } from "vitest";
import { readTierMove } from "../../src/events/tier-move.js";

const move = (previousTier: string | undefined, tier: string | undefined, change: number | undefined) =>
  readTierMove({ previousTier, tier, change });

describe("readTierMove", () => {
  it("reads the direction from the order of two known tiers, whatever the rating change says or not", () => {
    expect(move("gold", "platinum", undefined)).toBe("promoted");
    expect(move("gold", "platinum", 0)).toBe("promoted");
    expect(move("platinum", "Grand Master", 12)).toBe("promoted");
    expect(move("gold", "silver", undefined)).toBe("demoted");
    expect(move("gold", "silver", 0)).toBe("demoted");
    expect(move("Diamond", "gold", -40)).toBe("demoted");
  });

  it("reads it from the sign of the rating change when a tier is not a known one", () => {
    expect(move("novice", "adept", 25)).toBe("promoted");
    expect(move("adept", "novice", -25)).toBe("demoted");
    expect(move("gold", "legend", 3)).toBe("promoted");
  });

  it("tells no direction when the event does not show one", () => {
    expect(move("adept", "novice", undefined)).toBe("changed");
    expect(move("adept", "novice", 0)).toBe("changed");
    // The tiers' order and the rating disagree: neither is taken.
    expect(move("gold", "silver", 30)).toBe("changed");
    expect(move("silver", "gold", -30)).toBe("changed");
  });

  it("sees no move when the tier is the same or either is unknown", () => {
    expect(move("Gold", " gold ", 30)).toBe("same");
    expect(move(undefined, "gold", 30)).toBe("same");
    expect(move("gold", undefined, -30)).toBe("same");
  });
});
