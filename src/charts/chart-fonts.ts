import { createRequire } from "node:module";

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
