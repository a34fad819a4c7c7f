import { describe, expect, it } from "vitest";
import { formatPercentile } from "../../../src/commands/rank/format-percentile.js";

describe("formatPercentile", () => {
  it("says what share of players the member is ahead of, one decimal at most", () => {
    expect(formatPercentile(85.71)).toBe("85.7% of players");
    expect(formatPercentile(90)).toBe("90% of players");
    expect(formatPercentile(0)).toBe("0% of players");
    expect(formatPercentile(99.54)).toBe("99.5% of players");
    // Never an ordinal ("57.1th") and never outside 0–100.
    expect(formatPercentile(57.1)).not.toMatch(/th$/);
    expect(formatPercentile(100.4)).toBe("100% of players");
    expect(formatPercentile(undefined)).toBe("—");
  });
});
