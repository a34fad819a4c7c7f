// The spec types event times as "timestamp" (ISO 8601 text in the standard form); the older form's
// `timestamp` is not described, so epoch seconds and milliseconds are read too. Text that names no offset is
// read as UTC (parseUtcTime), as the platform's times are.
import { parseUtcTime } from "../../clock.js";

/** Below this an epoch number is taken as seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const secondsBelow = 1e11;
/** The largest instant a JavaScript Date can hold. */
const maxInstant = 8.64e15;

/** Milliseconds since the epoch, or undefined for anything that is not a readable time. */
export function readTimestamp(value: unknown): number | undefined {
  if (typeof value === "number") return fromEpochNumber(value);
  if (typeof value !== "string" || value.length > 64) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return fromEpochNumber(Number(trimmed));
  const parsed = parseUtcTime(trimmed);
  return Number.isNaN(parsed) ? undefined : parsed;
}

function fromEpochNumber(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const milliseconds = Math.round(value < secondsBelow ? value * 1000 : value);
  return milliseconds <= maxInstant ? milliseconds : undefined;
}
