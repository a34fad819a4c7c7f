import { describe, expect, it } from "vitest";
import { formatDuration } from "../../src/display/duration.js";

describe("formatDuration", () => {
  it("shows the two largest units", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(750)).toBe("12 min 30 s");
    expect(formatDuration(3605)).toBe("1 h");
    expect(formatDuration(3900)).toBe("1 h 5 min");
    expect(formatDuration(90_000, 1)).toBe("1 d");
  });
});
