import { describe, expect, it } from "vitest";
import { formatRating, formatRatingChange } from "../../src/display/rating.js";

describe("formatRating", () => {
  it("rounds ratings and shows a dash when the rating is unknown", () => {
    expect(formatRating(1849.6)).toBe("1850");
    expect(formatRating(12_345)).toBe("12345");
    expect(formatRating(null)).toBe("—");
    expect(formatRating(undefined)).toBe("—");
    expect(formatRating(Number.NaN)).toBe("—");
  });

  it("groups thousands when asked, as the rating chart prints them", () => {
    expect(formatRating(12_345.4, { grouped: true })).toBe("12,345");
    expect(formatRating(987, { grouped: true })).toBe("987");
  });
});

describe("formatRatingChange", () => {
  it("signs rating changes and shows a dash when there is none to show", () => {
    expect(formatRatingChange(25)).toBe("+25");
    expect(formatRatingChange(-8)).toBe("-8");
    expect(formatRatingChange(0)).toBe("±0");
    expect(formatRatingChange(undefined)).toBe("—");
    expect(formatRatingChange(Number.POSITIVE_INFINITY)).toBe("—");
  });
});
