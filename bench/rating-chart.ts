/**
 * Rating chart PNG benchmark (docs/architecture.md, "Performance targets": ≤ 100 ms a chart). Run: npx tsx
 * bench/rating-chart.ts [runs] The baseline, measured in the same run, is resvg rasterising and PNG-encoding
 * a blank SVG of the same size, so the ratio shows what drawing the chart itself costs on this machine.
 */
import { renderAsync } from "@resvg/resvg-js";
import { renderRatingChart } from "../src/charts/rating-chart.js";

const runs = Number(process.argv[2] ?? 50);
const warmupRuns = 5;
const historyLength = 90;
const targetMs = 100;

function makeHistory(length: number): { date: string; rating: number }[] {
  const start = Date.UTC(2025, 0, 1);
  let rating = 1500;
  return Array.from({ length }, (_, index) => {
    rating += Math.round(Math.sin(index * 1.7) * 25 + 4);
    return { date: new Date(start + index * 86_400_000).toISOString().slice(0, 10), rating };
  });
}

async function measure(task: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let index = 0; index < warmupRuns; index++) await task();
  const durations: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  const at = (fraction: number): number =>
    durations[Math.min(durations.length - 1, Math.ceil(fraction * durations.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

const history = makeHistory(historyLength);
const blankSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="800" height="400" fill="#2b2d31"/></svg>`;

const chart = await measure(() => renderRatingChart({ username: "bench_user", history, tier: "platinum" }));
const baseline = await measure(async () =>
  (await renderAsync(blankSvg, { font: { loadSystemFonts: false } })).asPng(),
);

console.log(`rating chart: ${runs} runs of an 800×400 chart with ${historyLength} history points`);
for (const key of ["median", "p95"] as const) {
  const verdict = chart[key] <= targetMs ? "met" : "MISSED";
  console.log(
    `rating chart ${key}: ${chart[key].toFixed(1)} ms | baseline (blank PNG encode): ${baseline[key].toFixed(1)} ms | ratio ${(chart[key] / baseline[key]).toFixed(1)} | target ≤ ${targetMs} ms: ${verdict}`,
  );
}
if (chart.p95 > targetMs) process.exitCode = 1;
