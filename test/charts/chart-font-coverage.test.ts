// The chart's record of what its font draws (src/charts/chart-font-coverage.ts) against the shipped TTF files,
// read with a font parser here, where its memory does not matter.
import { openSync } from "fontkit";
import { describe, expect, it } from "vitest";
import { readChartFontCoverage, resolveChartFontFiles } from "../../src/charts/chart-fonts.js";

/** The code points every shipped weight maps to a glyph, control characters left out, sorted. */
function readFontCodePoints(): number[] {
  const sets = resolveChartFontFiles().map((file) => {
    const font = openSync(file);
    if (!("characterSet" in font)) throw new Error(`${file} is a font collection, not one font`);
    return new Set(font.characterSet);
  });
  const [first = new Set<number>(), ...others] = sets;
  return [...first]
    .filter((codePoint) => codePoint >= 0x20 && others.every((set) => set.has(codePoint)))
    .sort((a, b) => a - b);
}

/** `codePoints` (sorted) as the coverage file's lines. */
function toCoverageLines(codePoints: readonly number[]): string[] {
  const ranges: [number, number][] = [];
  for (const codePoint of codePoints) {
    const last = ranges.at(-1);
    if (last !== undefined && last[1] === codePoint - 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  const items = ranges.map(([start, end]) =>
    start === end ? start.toString(16) : `${start.toString(16)}-${end.toString(16)}`,
  );
  const lines: string[] = [];
  for (const item of items) {
    const line = lines.at(-1);
    if (line !== undefined && line.length + 1 + item.length <= 100)
      lines[lines.length - 1] = `${line},${item}`;
    else lines.push(item);
  }
  return lines;
}

function expand(ranges: Uint32Array): number[] {
  const codePoints: number[] = [];
  for (let index = 0; index < ranges.length; index += 2) {
    for (let codePoint = ranges[index] ?? 0; codePoint <= (ranges[index + 1] ?? -1); codePoint += 1)
      codePoints.push(codePoint);
  }
  return codePoints;
}

describe("the chart font's coverage", () => {
  it("is exactly the code points both shipped weights draw", () => {
    const fromFont = readFontCodePoints();
    const recorded = expand(readChartFontCoverage());
    // On a mismatch (a new Inter), the message is the file's lines written afresh.
    expect(recorded, JSON.stringify(toCoverageLines(fromFont), null, 2)).toEqual(fromFont);
    expect(fromFont.length).toBeGreaterThan(2000);
  });
});
