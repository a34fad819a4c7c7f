import { describe, expect, it } from "vitest";
import { computeRetryDelay, defaultRetryPolicy } from "../../src/outbox/index.js";

describe("the retry delay", () => {
  it("is drawn from zero up to a ceiling that doubles with each failure", () => {
    const ceilings = [1, 2, 3, 4].map((failures) =>
      computeRetryDelay(defaultRetryPolicy, failures, () => 0.999_999),
    );

    expect(ceilings).toEqual([999, 1999, 3999, 7999]);
    expect(computeRetryDelay(defaultRetryPolicy, 4, () => 0)).toBe(0);
  });

  it("never waits longer than the cap", () => {
    expect(computeRetryDelay(defaultRetryPolicy, 40, () => 0.999_999)).toBeLessThan(15 * 60_000);
    expect(computeRetryDelay(defaultRetryPolicy, 40, () => 0.999_999)).toBeGreaterThan(15 * 60_000 - 1000);
  });
});
