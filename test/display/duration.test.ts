import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDuration } from "../../src/display/duration.js";

/** Reads "1d 02h 03m 04s" (any leading part of it) back into seconds. */
function readDuration(text: string): number {
  const sizes: Readonly<Record<string, number>> = { d: 86_400, h: 3600, m: 60, s: 1 };
  return text.split(" ").reduce((total, part) => {
    const match = /^(\d+)([dhms])$/.exec(part);
    if (match === null) throw new Error(`not a duration part: ${part}`);
    return total + Number(match[1]) * (sizes[match[2] ?? ""] ?? Number.NaN);
  }, 0);
}

describe("formatDuration", () => {
  it("writes seconds, minutes, hours and days, two digits after the first unit", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(45)).toBe("45s");
    expect(formatDuration(245)).toBe("4m 05s");
    expect(formatDuration(750)).toBe("12m 30s");
    expect(formatDuration(3725)).toBe("1h 02m 05s");
    expect(formatDuration(3605)).toBe("1h 00m 05s");
    expect(formatDuration(93_784)).toBe("1d 02h 03m 04s");
  });

  it("leaves out zero units at the end", () => {
    expect(formatDuration(3600)).toBe("1h");
    expect(formatDuration(3720)).toBe("1h 02m");
    expect(formatDuration(1800)).toBe("30m");
    expect(formatDuration(172_800)).toBe("2d");
  });

  it("rounds to whole seconds", () => {
    expect(formatDuration(244.6)).toBe("4m 05s");
    expect(formatDuration(0.4)).toBe("0s");
  });

  it("keeps only the largest unit for a rough age", () => {
    expect(formatDuration(90_000, { largestUnitOnly: true })).toBe("1d");
    expect(formatDuration(3725, { largestUnitOnly: true })).toBe("1h");
    expect(formatDuration(45, { largestUnitOnly: true })).toBe("45s");
    expect(formatDuration(0, { largestUnitOnly: true })).toBe("0s");
  });

  it("shows a dash for a negative or unreadable duration", () => {
    expect(formatDuration(-1)).toBe("—");
    expect(formatDuration(Number.NaN)).toBe("—");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("—");
  });

  it("never loses a second: the text reads back as the rounded duration", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (seconds) => {
        const text = formatDuration(seconds);
        expect(text).toMatch(/^\d+[dhms](?: \d\d[hms])*$/);
        expect(readDuration(text)).toBe(seconds);
      }),
    );
  });

  it("never shows more than the largest unit when asked for a rough age, and never more than it is", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (seconds) => {
        const text = formatDuration(seconds, { largestUnitOnly: true });
        expect(text).toMatch(/^\d+[dhms]$/);
        expect(readDuration(text)).toBeLessThanOrEqual(seconds);
      }),
    );
  });
});
