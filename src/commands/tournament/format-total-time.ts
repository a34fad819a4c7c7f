import { toMilliseconds } from "../../api/index.js";

/** `totalTime` (seconds, assumed: src/api/assumptions.ts) as h:mm:ss, or m:ss under an hour; "—" when absent. */
export function formatTotalTime(totalTime: number | undefined): string {
  if (totalTime === undefined || !Number.isFinite(totalTime) || totalTime < 0) return "—";
  const seconds = Math.round(toMilliseconds("totalTime", totalTime) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
