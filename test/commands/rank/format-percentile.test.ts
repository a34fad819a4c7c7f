import { describe, expect, it } from "vitest";
import { formatPercentile } from "../../../src/commands/rank/format-percentile.js";

describe("formatPercentile", () => {
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
});
