import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeRatingAxis } from "../../src/charts/rating-axis.js";

describe("computeRatingAxis", () => {
  it("picks round ticks around a typical rating range", () => {
    expect(computeRatingAxis(1512, 1909).ticks).toEqual([1400, 1600, 1800, 2000]);
  });

  it("gives a flat history a band around its rating", () => {
    const axis = computeRatingAxis(1500, 1500);
    expect(axis.lower).toBeLessThan(1500);
    expect(axis.upper).toBeGreaterThan(1500);
    expect(axis.ticks).toContain(1500);
  });

  it("keeps a handful of ticks for ratings too large for a band of 40, the platform's numbers being only finite", () => {
    // At 10²² a band of 40 is below what a double tells apart: the axis had a million ticks of 1.
    for (const rating of [1e15, 1e22, 1e24, 1e300, -1e22]) {
      const axis = computeRatingAxis(rating, rating);
      expect(axis.ticks.length).toBeGreaterThanOrEqual(2);
      expect(axis.ticks.length).toBeLessThanOrEqual(10);
      expect(axis.lower).toBeLessThanOrEqual(rating);
      expect(axis.upper).toBeGreaterThanOrEqual(rating);
    }
    // Past 10³⁰⁰ the axis stops there, its sums finite, and still holds the (clamped) ratings.
    for (const [low, high] of [
      [Number.MAX_VALUE, Number.MAX_VALUE],
      [2e300, 3e300],
      [-Number.MAX_VALUE, Number.MAX_VALUE],
    ] as const) {
      const axis = computeRatingAxis(low, high);
      expect(axis.ticks.length).toBeGreaterThanOrEqual(2);
      expect(Number.isFinite(axis.upper - axis.lower)).toBe(true);
      const clamped = (rating: number) => Math.min(1e300, Math.max(-1e300, rating));
      expect(axis.lower).toBeLessThanOrEqual(clamped(low));
      expect(axis.upper).toBeGreaterThanOrEqual(clamped(high));
    }
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          expect(computeRatingAxis(Math.min(a, b), Math.max(a, b)).ticks.length).toBeLessThanOrEqual(50);
        },
      ),
    );
  });

  it("starts at zero, not below, for a history that starts at or near zero", () => {
    expect(computeRatingAxis(0, 1200).ticks).toEqual([0, 500, 1000, 1500]);
    expect(computeRatingAxis(5, 1500).lower).toBe(0);
    expect(computeRatingAxis(0, 0).lower).toBe(0);
    expect(computeRatingAxis(-50, 250).lower).toBeLessThan(-50);
  });

  it("never labels a rating below zero when none is", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (low, spread) => {
          expect(computeRatingAxis(low, low + spread).lower).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("always covers every rating with 3 to 11 evenly spaced whole-number ticks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5000, max: 500_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        (low, spread) => {
          const axis = computeRatingAxis(low, low + spread);
          expect(axis.lower).toBeLessThanOrEqual(low);
          expect(axis.upper).toBeGreaterThanOrEqual(low + spread);
          expect(axis.ticks.length).toBeGreaterThanOrEqual(3);
          expect(axis.ticks.length).toBeLessThanOrEqual(11);
          const step = axis.ticks[1]! - axis.ticks[0]!;
          axis.ticks.forEach((tick, index) => {
            expect(Number.isInteger(tick)).toBe(true);
            expect(tick).toBeCloseTo(axis.lower + index * step);
          });
        },
      ),
    );
  });
});
