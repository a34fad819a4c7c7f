import type { ChartFrame } from "./chart-frame.js";
import { formatRating } from "../display/rating.js";
import { chartColours } from "./chart-theme.js";
import { computeDateTicks } from "./date-axis.js";
import { clampRating, computeRatingAxis } from "./rating-axis.js";
import type { RatingPoint } from "./rating-history.js";
import { buildElement, buildText, formatCoordinate } from "./svg-markup.js";

// Past this many points the markers merge into a blur; the line alone reads better.
const maxMarkedPoints = 60;

/** Grid, axis labels, the shaded line of ratings and the highlighted latest point. `points` is non-empty. */
export function buildRatingPlotSvg(
  points: readonly RatingPoint[],
  accent: string,
  frame: ChartFrame,
): string {
  const { left, top, right, bottom } = frame.plot;
  // A loop rather than Math.min(...ratings): spreading a very long history can overflow the call stack.
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    lowest = Math.min(lowest, point.rating);
    highest = Math.max(highest, point.rating);
  }
  const axis = computeRatingAxis(lowest, highest);
  const firstTime = points[0]?.time ?? 0;
  const lastTime = points.at(-1)?.time ?? firstTime;
  const timeSpan = lastTime - firstTime;

  const toX = (time: number): number =>
    timeSpan === 0 ? (left + right) / 2 : left + ((time - firstTime) / timeSpan) * (right - left);
  const toY = (rating: number): number =>
    bottom - ((clampRating(rating) - axis.lower) / (axis.upper - axis.lower)) * (bottom - top);

  const parts: string[] = [];
  for (const tick of axis.ticks) {
    const y = toY(tick);
    parts.push(
      buildElement("line", {
        x1: left,
        x2: right,
        y1: y,
        y2: y,
        stroke: chartColours.grid,
        "stroke-width": 1,
      }),
    );
    parts.push(
      buildText(formatRating(tick, { grouped: true }), {
        x: left - 10,
        y: y + 4.5,
        ...axisLabelStyle,
        "text-anchor": "end",
      }),
    );
  }
  const maxDateTicks = Math.max(2, Math.floor((right - left) / 110));
  for (const tick of computeDateTicks(firstTime, lastTime, maxDateTicks)) {
    parts.push(
      buildText(tick.label, {
        x: toX(tick.time),
        y: bottom + 26,
        ...axisLabelStyle,
        "text-anchor": "middle",
      }),
    );
  }

  const coordinates = points.map(
    (point) => `${formatCoordinate(toX(point.time))},${formatCoordinate(toY(point.rating))}`,
  );
  const firstX = formatCoordinate(toX(firstTime));
  const lastX = formatCoordinate(toX(lastTime));
  const areaPath = `M${firstX},${formatCoordinate(bottom)} L${coordinates.join(" L")} L${lastX},${formatCoordinate(bottom)} Z`;
  parts.push(buildElement("path", { d: areaPath, fill: "url(#rating-area)" }));
  parts.push(
    buildElement("polyline", {
      points: coordinates.join(" "),
      fill: "none",
      stroke: accent,
      "stroke-width": 2.5,
      "stroke-linejoin": "round",
      "stroke-linecap": "round",
    }),
  );
  if (points.length <= maxMarkedPoints) {
    for (const point of points) {
      parts.push(buildElement("circle", { cx: toX(point.time), cy: toY(point.rating), r: 3, fill: accent }));
    }
  }
  const latest = points.at(-1);
  if (latest !== undefined)
    parts.push(buildLatestPointSvg(toX(latest.time), toY(latest.rating), accent, left));
  return buildAreaGradient(accent) + parts.join("");
}

const axisLabelStyle = { "font-size": 13, fill: chartColours.axisText } as const;

function buildLatestPointSvg(x: number, y: number, accent: string, plotLeft: number): string {
  return [
    buildElement("line", {
      x1: plotLeft,
      x2: x,
      y1: y,
      y2: y,
      stroke: accent,
      "stroke-width": 1,
      "stroke-dasharray": "4 4",
      opacity: 0.6,
    }),
    buildElement("circle", { cx: x, cy: y, r: 11, fill: accent, opacity: 0.25 }),
    buildElement("circle", {
      cx: x,
      cy: y,
      r: 6,
      fill: accent,
      stroke: chartColours.title,
      "stroke-width": 2,
    }),
  ].join("");
}

function buildAreaGradient(accent: string): string {
  const stops =
    buildElement("stop", { offset: 0, "stop-color": accent, "stop-opacity": 0.3 }) +
    buildElement("stop", { offset: 1, "stop-color": accent, "stop-opacity": 0 });
  return buildElement(
    "defs",
    {},
    buildElement("linearGradient", { id: "rating-area", x1: 0, y1: 0, x2: 0, y2: 1 }, stops),
  );
}
