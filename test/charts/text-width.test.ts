import { describe, expect, it } from "vitest";
import { estimateTextWidth, fitTextWidth } from "../../src/charts/text-width.js";

describe("fitTextWidth", () => {
  it("keeps a name that fits as it is", () => {
    expect(fitTextWidth("alice_the_great_programmer_20", 552, 24)).toBe("alice_the_great_programmer_20");
  });

  it("cuts a name of wide letters sooner than one of narrow letters, within the width", () => {
    const wide = fitTextWidth("W".repeat(60), 552, 24);
    const narrow = fitTextWidth("i".repeat(90), 552, 24);
    expect(wide.endsWith("…")).toBe(true);
    expect(narrow.endsWith("…")).toBe(true);
    expect(wide.length).toBeLessThan(narrow.length);
    expect(estimateTextWidth(wide, 24)).toBeLessThanOrEqual(552);
    expect(estimateTextWidth(narrow, 24)).toBeLessThanOrEqual(552);
  });

  it("cuts between graphemes, never inside an emoji sequence", () => {
    const cut = fitTextWidth("👩‍💻".repeat(40), 552, 24);
    expect(cut.slice(0, -1).replaceAll("👩‍💻", "")).toBe("");
  });
});
