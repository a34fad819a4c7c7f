import { describe, expect, it } from "vitest";
import { discordTimestamp } from "../../src/display/discord-timestamp.js";

describe("discordTimestamp", () => {
  it("writes whole seconds since the epoch with the style", () => {
    const at = Date.UTC(2026, 10, 21, 10, 0, 0, 999);
    expect(discordTimestamp(at, "R")).toBe(`<t:${String(Date.UTC(2026, 10, 21, 10) / 1000)}:R>`);
    expect(discordTimestamp(at, "f")).toMatch(/^<t:\d+:f>$/);
    expect(discordTimestamp(0, "D")).toBe("<t:0:D>");
  });

  it("rounds down, so a moment never shows as a later second", () => {
    expect(discordTimestamp(1999, "T")).toBe("<t:1:T>");
    expect(discordTimestamp(-1, "T")).toBe("<t:-1:T>");
  });

  it("says so when the date could not be read", () => {
    expect(discordTimestamp(Date.parse("not a date"), "R")).toBe("unknown time");
    expect(discordTimestamp(Number.POSITIVE_INFINITY, "R")).toBe("unknown time");
  });
});
