import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitLines } from "../../src/display/fit-lines.js";

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
