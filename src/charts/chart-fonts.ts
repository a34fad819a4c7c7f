import { createRequire } from "node:module";
import { openSync, type Font } from "fontkit";

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

/** The shipped fonts' glyph tables, read once, when a chart first asks. */
let chartFonts: readonly Font[] | undefined;

function readChartFonts(): readonly Font[] {
  chartFonts ??= resolveChartFontFiles().map((file) => {
    const font = openSync(file);
    if (!("hasGlyphForCodePoint" in font)) throw new Error(`${file} is a font collection, not one font`);
    return font;
  });
  return chartFonts;
}

/**
 * Whether both shipped weights have a glyph for every character of `text`. Inter has none for Chinese,
 * Japanese or Korean characters, nor for emoji: with system fonts never loaded, each would draw as an empty
 * box, so the chart leaves such text out (docs/architecture.md, "The rules the code keeps", "Platform text is
 * inert").
 */
export function drawsInChartFont(text: string): boolean {
  const fonts = readChartFonts();
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (!fonts.every((font) => font.hasGlyphForCodePoint(codePoint))) return false;
  }
  return true;
}
