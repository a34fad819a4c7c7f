// `/setup reminders set before:` (docs/architecture.md, "Tournament reminders"): up to 3 lead times from 1
// minute to 7 days; anything else is refused with the accepted form.
import { describe, expect, it } from "vitest";
import { parseLeadTimes } from "../../../src/commands/setup/lead-times.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";

function refusal(text: string): string {
  try {
    parseLeadTimes(text);
  } catch (error) {
    if (error instanceof UserFacingError) return error.message;
    throw error;
  }
  throw new Error(`${text} was accepted`);
}

describe("parseLeadTimes", () => {
  it("reads days, hours and minutes, largest first, each once", () => {
    expect(parseLeadTimes("1h, 10m")).toEqual([60, 10]);
    expect(parseLeadTimes(" 10m ,1H30M, 2d ")).toEqual([2880, 90, 10]);
    expect(parseLeadTimes("1h 30m")).toEqual([90]);
    expect(parseLeadTimes("60m, 1h")).toEqual([60]);
    expect(parseLeadTimes("1m, 7d")).toEqual([10_080, 1]);
  });

  it("refuses what is not a lead time, naming the accepted form", () => {
    for (const text of ["", " , ", "10", "soon", "1h10", "-5m", "1.5h", "10s"]) {
      const message = refusal(text);
      expect(message, text).toContain("`before:` takes lead times like `1h, 10m`");
      expect(message, text).toContain("from 1m to 7d");
    }
    expect(refusal("soon")).toMatch(/^`soon` is not a lead time\./);
  });

  it("refuses more than 3 lead times, and any below 1 minute or above 7 days", () => {
    expect(refusal("1d, 1h, 10m, 1m")).toMatch(/^That is 4 lead times; at most 3 are allowed\./);
    expect(refusal("0m")).toMatch(/^`0m` is outside 1m to 7d\./);
    expect(refusal("7d1m")).toMatch(/^`7d1m` is outside 1m to 7d\./);
  });
});
