import { describe, expect, it } from "vitest";
import { defaultTierAccent, formatTier, pickTierAccent, pickTierColour } from "../../src/display/tier.js";

describe("formatTier", () => {
  it("capitalises tier names word by word and shows a dash for an unknown tier", () => {
    expect(formatTier("grandmaster")).toBe("Grandmaster");
    expect(formatTier("grand  master")).toBe("Grand Master");
    expect(formatTier(undefined)).toBe("—");
    expect(formatTier(null)).toBe("—");
    expect(formatTier("  ")).toBe("—");
  });
});

describe("pickTierAccent", () => {
  it("matches tier names whatever their case or spacing", () => {
    expect(pickTierAccent("Grand Master")).toBe(pickTierAccent("grandmaster"));
    expect(pickTierAccent("PLATINUM")).toBe(pickTierAccent("platinum"));
    expect(pickTierAccent("platinum")).not.toBe(defaultTierAccent);
  });

  it("falls back to the default accent for unknown or missing tiers", () => {
    expect(pickTierAccent("mythic-9")).toBe(defaultTierAccent);
    expect(pickTierAccent(undefined)).toBe(defaultTierAccent);
  });
});

describe("pickTierColour", () => {
  it("colours embeds with the chart's tier accent, whatever the case", () => {
    expect(pickTierColour("Platinum")).toBe(0x4fd1c5);
    expect(pickTierColour("unheard-of")).toBe(0x5865f2);
    expect(pickTierColour(null)).toBe(0x5865f2);
  });
});
