import { describe, expect, it } from "vitest";
import {
  formatPercentile,
  formatRating,
  formatTier,
  pickTierColour,
} from "../../../src/commands/rank/rank-format.js";

describe("rank formatting", () => {
  it("capitalises tier names word by word and shows a dash for an unknown tier", () => {
    expect(formatTier("grandmaster")).toBe("Grandmaster");
    expect(formatTier("grand  master")).toBe("Grand Master");
    expect(formatTier(undefined)).toBe("—");
    expect(formatTier(null)).toBe("—");
    expect(formatTier("  ")).toBe("—");
  });

  it("rounds ratings and shows a dash when the rating is unknown", () => {
    expect(formatRating(1849.6)).toBe("1850");
    expect(formatRating(null)).toBe("—");
    expect(formatRating(Number.NaN)).toBe("—");
  });

  it("writes percentiles as ordinals with at most one decimal", () => {
    expect(formatPercentile(90)).toBe("90th");
    expect(formatPercentile(1)).toBe("1st");
    expect(formatPercentile(22)).toBe("22nd");
    expect(formatPercentile(33)).toBe("33rd");
    expect(formatPercentile(11)).toBe("11th");
    expect(formatPercentile(12)).toBe("12th");
    expect(formatPercentile(99.54)).toBe("99.5th");
    expect(formatPercentile(undefined)).toBe("—");
  });

  it("colours embeds with the chart's tier accent, whatever the case", () => {
    expect(pickTierColour("Platinum")).toBe(0x4fd1c5);
    expect(pickTierColour("unheard-of")).toBe(0x5865f2);
    expect(pickTierColour(null)).toBe(0x5865f2);
  });
});
