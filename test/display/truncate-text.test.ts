import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncateText } from "../../src/display/truncate-text.js";

const family = "👨‍👩‍👧‍👦"; // four people joined by zero-width joiners: 11 UTF-16 units, one grapheme
const flags = "🇫🇷🇩🇪"; // two regional-indicator pairs: two graphemes
const thumbsUp = "👍🏽"; // an emoji with a skin tone
const accented = "e\u0301"; // "é" as a letter and a combining accent
const zalgo = "Z\u0351\u0364\u0307"; // a letter under a pile of combining marks

const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function graphemesOf(text: string): string[] {
  return [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)].map((part) => part.segment);
}

/**
 * What every cut must be: within `max` UTF-16 units, well formed, the original when it fits, and otherwise
 * as many whole graphemes from the start as fit before the "…".
 */
function expectCleanCut(text: string, max: number): void {
  const cut = truncateText(text, max);
  expect(cut.length).toBeLessThanOrEqual(max);
  // Discord counts code points, never more than the UTF-16 units counted above.
  expect(Array.from(cut).length).toBeLessThanOrEqual(max);
  expect(cut).not.toMatch(unpairedSurrogate);
  if (text.length <= max) {
    expect(cut).toBe(text);
    return;
  }
  if (max === 0) {
    expect(cut).toBe("");
    return;
  }
  expect(cut.endsWith("…")).toBe(true);
  const kept = cut.slice(0, -1);
  const parts = graphemesOf(text);
  const keptParts = graphemesOf(kept);
  expect(keptParts).toEqual(parts.slice(0, keptParts.length));
  const next = parts[keptParts.length] ?? "";
  expect(kept.length + next.length + 1).toBeGreaterThan(max);
}

describe("truncateText", () => {
  it("leaves text that fits alone and cuts longer text to the limit with an ellipsis", () => {
    expect(truncateText("short", 10)).toBe("short");
    expect(truncateText("exactly10!", 10)).toBe("exactly10!");
    const cut = truncateText("x".repeat(3000), 2000);
    expect(cut).toHaveLength(2000);
    expect(cut).toBe(`${"x".repeat(1999)}…`);
    expect(truncateText("abc", 1)).toBe("…");
  });

  it("never leaves half of a surrogate pair, where a cut by UTF-16 unit would", () => {
    // "a" + the first half of 😀 + "…" is what slicing two units would give.
    expect(truncateText("a😀b", 3)).toBe("a…");
    expect(truncateText("a😀b", 4)).toBe("a😀b");
    expect(truncateText("😀😀😀", 4)).toBe("😀…");
  });

  it("keeps a family emoji whole or drops it whole, at every length", () => {
    const text = `ab${family}cd`;
    for (let max = 0; max <= text.length + 1; max += 1) expectCleanCut(text, max);
    expect(truncateText(text, 14)).toBe(`ab${family}…`);
    expect(truncateText(text, 13)).toBe("ab…");
    expect(truncateText(text, 3)).toBe("ab…");
  });

  it("never splits a flag, a skin tone or combining marks", () => {
    for (const text of [
      `go ${flags}!`,
      `nice ${thumbsUp}${thumbsUp}`,
      `caf${accented}${accented}s`,
      `${zalgo}${zalgo}a`,
    ]) {
      for (let max = 0; max <= text.length + 1; max += 1) expectCleanCut(text, max);
    }
    expect(truncateText(`go ${flags}!`, 8)).toBe("go 🇫🇷…");
    expect(truncateText(`go ${flags}!`, 7)).toBe("go …");
    expect(truncateText(`caf${accented}s!`, 6)).toBe(`caf${accented}…`);
    expect(truncateText(`caf${accented}s!`, 5)).toBe("caf…");
  });

  it("cuts any mix of tricky text cleanly at any length", () => {
    const piece = fc.constantFrom("a", "Z", " ", "😀", family, flags, thumbsUp, accented, zalgo, "中", "\n");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat({ max: 120 }), (pieces, max) => {
        expectCleanCut(pieces.join(""), max);
      }),
    );
  });
});
