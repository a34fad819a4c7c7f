import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitLines, fitList } from "../../src/display/fit-lines.js";

describe("fitLines", () => {
  it("never exceeds the limit and cuts only between lines", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 })), fc.integer({ min: 20, max: 300 }), (lines, max) => {
        const text = fitLines(lines, max);
        expect(text.length).toBeLessThanOrEqual(max);
        const shown = text.split("\n");
        const last = shown.at(-1) ?? "";
        const kept = /^…and \d+ more$/.test(last) ? shown.slice(0, -1) : shown;
        if (lines.length > 0) expect(kept).toEqual(lines.slice(0, kept.length));
      }),
    );
  });
});

describe("fitList", () => {
  const mentions = ["<@1>", "<@22>", "<@333333333333333333>"];
  const options = { lead: "Need /link: ", separator: ", ", moreSeparator: " " };

  it("names every item that fits after the lead, and counts the rest", () => {
    expect(fitList(mentions, 100, options)).toBe("Need /link: <@1>, <@22>, <@333333333333333333>");
    expect(fitList(mentions, "Need /link: <@1>, <@22> …and 1 more".length, options)).toBe(
      "Need /link: <@1>, <@22> …and 1 more",
    );
    expect(fitList(mentions, "Need /link: <@1> …and 2 more".length, options)).toBe(
      "Need /link: <@1> …and 2 more",
    );
  });

  it("puts no separator between the lead and the count when no item fits", () => {
    expect(fitList(mentions, "Need /link: <@1>".length - 1, options)).toBe("Need /link: …and 3 more");
  });
});
