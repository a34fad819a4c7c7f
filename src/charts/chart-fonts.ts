import { createRequire } from "node:module";
import { chartFontCoverageLines } from "./chart-font-coverage.js";

/** The family name the chart's SVG asks for; it is the name inside the shipped TTF files. */
export const chartFontFamily = "Inter";

/**
 * Inter ships as TTF inside an npm package, so the chart renders the same on a machine with no
 * system fonts (resvg reads TTF/OTF only, not the WOFF files of @fontsource packages).
 */
export function resolveChartFontFiles(): string[] {
  const require = createRequire(import.meta.url);
  return [
    require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
    require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  ];
}

/** The code points both weights draw, as sorted inclusive ranges: [start, end, start, end, …]. */
export function readChartFontCoverage(): Uint32Array {
  const bounds = chartFontCoverageLines
    .join(",")
    .split(",")
    .flatMap((item) => {
      const [start = "", end = start] = item.split("-");
      return [Number.parseInt(start, 16), Number.parseInt(end, 16)];
    });
  return Uint32Array.from(bounds);
}

let coverage: Uint32Array | undefined;

/** Characters drawn as nothing (soft hyphens, variation selectors, joiners), which need no glyph. */
const drawnAsNothing = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * Whether both shipped weights have a glyph for every character of `text`, as given: compose it first (NFC) to
 * meet the accented letters Inter has as one character. Inter draws Latin, Greek and Cyrillic, but no Chinese,
 * Japanese, Korean, Arabic, Hebrew, Thai, Devanagari, Armenian or Georgian letter, nor emoji: with system fonts
 * never loaded, each would draw as an empty box, so the chart leaves such text out (docs/architecture.md, "The
 * rules the code keeps", "Platform text is inert"). A tab draws as a space.
 */
export function drawsInChartFont(text: string): boolean {
  coverage ??= readChartFontCoverage();
  for (const character of text) {
    if (character === "\t" || drawnAsNothing.test(character)) continue;
    if (!isCovered(coverage, character.codePointAt(0) ?? 0)) return false;
  }
  return true;
}

/** Binary search for the range holding `codePoint`. */
function isCovered(ranges: Uint32Array, codePoint: number): boolean {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (codePoint < (ranges[middle * 2] ?? 0)) high = middle - 1;
    else if (codePoint > (ranges[middle * 2 + 1] ?? 0)) low = middle + 1;
    else return true;
  }
  return false;
}
