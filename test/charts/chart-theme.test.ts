import { describe, expect, it } from "vitest";
import { chartColours, pickTierAccent } from "../../src/charts/chart-theme.js";

describe("pickTierAccent", () => {
  it("matches tier names whatever their case or spacing", () => {
    expect(pickTierAccent("Grand Master")).toBe(pickTierAccent("grandmaster"));
    expect(pickTierAccent("PLATINUM")).toBe(pickTierAccent("platinum"));
    expect(pickTierAccent("platinum")).not.toBe(chartColours.defaultAccent);
  });

  it("falls back to the default accent for unknown or missing tiers", () => {
    expect(pickTierAccent("mythic-9")).toBe(chartColours.defaultAccent);
    expect(pickTierAccent(undefined)).toBe(chartColours.defaultAccent);
  });
});
