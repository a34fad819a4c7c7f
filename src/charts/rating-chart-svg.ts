import { chartFontFamily, drawsInChartFont } from "./chart-fonts.js";
import { computeChartFrame, type ChartFrame } from "./chart-frame.js";
import { formatRating } from "../display/rating.js";
import { buildChartHeaderSvg } from "./chart-header-svg.js";
import { chartColours } from "./chart-theme.js";
import { visibleText } from "../display/platform-text.js";
import { pickTierAccent } from "../display/tier.js";
import { formatFullDate } from "./date-axis.js";
import { normalizeRatingHistory, type RatingHistoryEntry, type RatingPoint } from "./rating-history.js";
import { buildRatingPlotSvg } from "./rating-plot-svg.js";
import { buildElement, buildText } from "./svg-markup.js";

export interface RatingChartInput {
  readonly username: string;
  /** As in the rank response (the platform's API reference, rank info); any order, undrawable entries are skipped. */
  readonly history: readonly RatingHistoryEntry[];
  readonly tier?: string | undefined;
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

/** The whole chart as SVG markup, sized in pixels, text in the shipped Inter font (docs/architecture.md, "Commands", /rank). */
export function buildRatingChartSvg(chart: RatingChartInput): string {
  // The username and tier are platform text: no bidi control may reorder them, as in the reply around the
  // chart (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
  const tier = chart.tier === undefined ? undefined : visibleText(chart.tier);
  const drawn = {
    username: keepDrawable(visibleText(chart.username)),
    tierLabel: keepDrawable(formatTierLabel(tier)) ?? "",
  };
  const frame = computeChartFrame(chart.width, chart.height);
  const points = normalizeRatingHistory(chart.history);
  const accent = pickTierAccent(tier);
  const body =
    points.length === 0
      ? buildEmptyChartSvg(drawn.username, frame)
      : buildHistorySvg(drawn, points, accent, frame);
  return buildElement(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      width: frame.pixelWidth,
      height: frame.pixelHeight,
      viewBox: `0 0 ${frame.width} ${frame.height}`,
      "font-family": chartFontFamily,
    },
    buildElement("rect", { width: frame.width, height: frame.height, fill: chartColours.background }) + body,
  );
}

/**
 * `text` composed (NFC: "o" and a combining accent become the one letter Inter has) when the shipped font draws
 * all of it, else undefined: left out rather than drawn as empty boxes, since the reply around the chart names
 * the member in text (docs/architecture.md, "The rules the code keeps", "Platform text is inert").
 */
function keepDrawable(text: string): string | undefined {
  const composed = text.normalize("NFC");
  return drawsInChartFont(composed) ? composed : undefined;
}

function buildHistorySvg(
  input: { readonly username: string | undefined; readonly tierLabel: string },
  points: readonly RatingPoint[],
  accent: string,
  frame: ChartFrame,
): string {
  const first = points[0] ?? { time: 0, rating: 0 };
  const last = points.at(-1) ?? first;
  const peak = points.reduce((highest, point) => Math.max(highest, point.rating), first.rating);
  const period =
    first.time === last.time
      ? formatFullDate(first.time)
      : `${formatFullDate(first.time)} – ${formatFullDate(last.time)}`;
  const summary = `${period} · peak ${formatRating(peak, { grouped: true })}`;
  const header = buildChartHeaderSvg(
    {
      ...buildHeaderLines(input.username, summary),
      accent,
      latest: {
        rating: last.rating,
        change: points.length > 1 ? last.rating - first.rating : undefined,
        tierLabel: input.tierLabel,
      },
    },
    frame,
  );
  return header + buildRatingPlotSvg(points, accent, frame);
}

/**
 * The header's lines: the member's name over "Rating history" and `summary`, or, when the name is not drawn,
 * "Rating history" over `summary` alone.
 */
function buildHeaderLines(
  username: string | undefined,
  summary?: string,
): { title: string; subtitle: string } {
  const ownTitle = "Rating history";
  if (username !== undefined)
    return { title: username, subtitle: summary === undefined ? ownTitle : `${ownTitle} · ${summary}` };
  return { title: ownTitle, subtitle: summary ?? "" };
}

function buildEmptyChartSvg(username: string | undefined, frame: ChartFrame): string {
  const { left, top, right, bottom } = frame.plot;
  const grid: string[] = [];
  for (let index = 0; index <= 4; index++) {
    const y = top + ((bottom - top) * index) / 4;
    grid.push(
      buildElement("line", {
        x1: left,
        x2: right,
        y1: y,
        y2: y,
        stroke: chartColours.grid,
        "stroke-dasharray": "4 6",
      }),
    );
  }
  const middleX = (left + right) / 2;
  const middleY = (top + bottom) / 2;
  return [
    buildChartHeaderSvg({ ...buildHeaderLines(username), accent: chartColours.defaultAccent }, frame),
    ...grid,
    buildElement("rect", {
      x: middleX - 230,
      y: middleY - 44,
      width: 460,
      height: 84,
      rx: 12,
      fill: chartColours.background,
    }),
    buildText("No rated battles yet", {
      x: middleX,
      y: middleY - 4,
      "font-size": 26,
      "font-weight": 600,
      "text-anchor": "middle",
      fill: chartColours.title,
    }),
    buildText("Finish a rated battle to start this chart.", {
      x: middleX,
      y: middleY + 24,
      "font-size": 15,
      "text-anchor": "middle",
      fill: chartColours.axisText,
    }),
  ].join("");
}

function formatTierLabel(tier: string | undefined): string {
  const trimmed = (tier ?? "").trim();
  return trimmed === "" ? "" : trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}
