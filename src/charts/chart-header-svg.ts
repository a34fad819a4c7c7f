import type { ChartFrame } from "./chart-frame.js";
import { formatRating } from "../display/rating.js";
import { chartColours } from "./chart-theme.js";
import { buildElement, buildText, escapeXml } from "./svg-markup.js";
import { fitTextWidth } from "./text-width.js";

export interface ChartHeader {
  /** The member's name, or what stands in for it (rating-chart-svg.ts). */
  readonly title: string;
  readonly subtitle: string;
  readonly accent: string;
  /** Absent when there is nothing rated yet. */
  readonly latest?: {
    readonly rating: number;
    /** Change from the first to the last point; absent for a single point. */
    readonly change: number | undefined;
    readonly tierLabel: string;
  };
}

const titleFontSize = 24;

/**
 * Title (the member's name), subtitle, and on the right the latest rating with tier and change over the
 * period. The name is cut to the room left of the rating by its estimated width (wide letters such as W take
 * nearly twice an average one), and clipped to that room besides, so no name ever draws over the rating.
 */
export function buildChartHeaderSvg(header: ChartHeader, frame: ChartFrame): string {
  const titleRoom = frame.width - 28 - (header.latest === undefined ? 28 : 220);
  const title = fitTextWidth(header.title, titleRoom, titleFontSize);
  const clip = buildElement(
    "clipPath",
    { id: "title-room" },
    buildElement("rect", { x: 28, y: 0, width: titleRoom, height: 56 }),
  );
  const parts = [
    buildElement("defs", {}, clip),
    buildText(title, {
      x: 28,
      y: 44,
      "font-size": titleFontSize,
      "font-weight": 600,
      fill: chartColours.title,
      "clip-path": "url(#title-room)",
    }),
    buildText(header.subtitle, { x: 28, y: 70, "font-size": 14, fill: chartColours.mutedText }),
  ];
  if (header.latest !== undefined) parts.push(buildLatestRatingSvg(header.latest, header.accent, frame));
  return parts.join("");
}

function buildLatestRatingSvg(
  latest: NonNullable<ChartHeader["latest"]>,
  accent: string,
  frame: ChartFrame,
): string {
  const right = frame.width - 28;
  const spans: string[] = [];
  if (latest.tierLabel !== "")
    spans.push(buildElement("tspan", { fill: accent }, escapeXml(latest.tierLabel)));
  if (latest.change !== undefined) spans.push(buildChangeSpan(latest.change, spans.length > 0 ? 8 : 0));
  const rating = buildText(formatRating(latest.rating, { grouped: true }), {
    x: right,
    y: 46,
    "font-size": 32,
    "font-weight": 600,
    "text-anchor": "end",
    fill: accent,
  });
  const detailStyle = { x: right, y: 70, "font-size": 14, "font-weight": 600, "text-anchor": "end" };
  return spans.length === 0 ? rating : rating + buildElement("text", detailStyle, spans.join(""));
}

function buildChangeSpan(change: number, gapBefore: number): string {
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  const colour = change > 0 ? chartColours.gain : change < 0 ? chartColours.loss : chartColours.mutedText;
  return buildElement(
    "tspan",
    { fill: colour, dx: gapBefore },
    escapeXml(`${sign}${formatRating(Math.abs(change), { grouped: true })}`),
  );
}
