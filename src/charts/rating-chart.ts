import { chartFontFamily, resolveChartFontFiles } from "./chart-fonts.js";
import { buildRatingChartSvg, type RatingChartInput } from "./rating-chart-svg.js";

export type { RatingChartInput } from "./rating-chart-svg.js";

/**
 * The /rank rating-history chart as PNG bytes (docs/architecture.md, "Commands"; ≤ 100 ms, "Performance
 * targets"). Rasterised on libuv's thread pool so the event loop keeps answering interactions. System fonts are
 * never loaded: the chart looks the same on every machine, and a missing font shows up in tests as missing text.
 */
export async function renderRatingChart(input: RatingChartInput): Promise<Buffer> {
  // resvg's native library is loaded by the first chart, not at start: a bot that draws none never maps it
  // (docs/performance.md).
  const { renderAsync } = await import("@resvg/resvg-js");
  const image = await renderAsync(buildRatingChartSvg(input), {
    font: { loadSystemFonts: false, fontFiles: resolveChartFontFiles(), defaultFontFamily: chartFontFamily },
    logLevel: "off",
  });
  return image.asPng();
}
