// Everything the platform's API reference leaves "not shown" that the client still has to decide, in one
// place. docs/platform-assumptions.md explains each choice; change both together.
import type { BattleRequestShape } from "./schemas/battle.js";

/** Units of the numeric fields whose unit the spec does not give (docs/architecture.md, "The platform API client"). */
export const platformUnits = {
  timeLimit: "seconds",
  timeRemaining: "seconds",
  duration: "seconds",
  totalTime: "seconds",
  averageTime: "seconds",
  executionTime: "milliseconds",
  memoryUsed: "kilobytes",
  /** Webhook delivery record `response_time`. */
  responseTime: "milliseconds",
} as const;

export type TimedField = {
  [Field in keyof typeof platformUnits]: (typeof platformUnits)[Field] extends "seconds" | "milliseconds"
    ? Field
    : never;
}[keyof typeof platformUnits];

/** Converts a platform duration field to milliseconds using the assumed unit. */
export function toMilliseconds(field: TimedField, value: number): number {
  return platformUnits[field] === "seconds" ? value * 1000 : value;
}

/**
 * A submission's `score` has no maximum in the spec: assumed out of 100, the share of tests passed (the
 * sandbox's judge), so "80/100" and full marks at 100.
 */
export const submissionScoreMax = 100;

/** POST /battles body: shape A (`participants`, `timeLimit`, `problemId`) unless told otherwise. */
export const defaultBattleRequestShape: BattleRequestShape = "A";

/** Bounds of `limit` are not shown; asking for more than 100 is clamped rather than risking a 400. */
export const listLimitBounds = { min: 1, max: 100 } as const;

/** Stated in the spec for GET /tournaments. */
export const tournamentListDefaults = { limit: 20, offset: 0 } as const;

/** `timeframe` is "a number followed by d"; leaving it out is assumed to mean all time. */
export type StatsTimeframe = `${number}d`;
export const statsTimeframeChoices = [
  "7d",
  "30d",
  "90d",
  "365d",
] as const satisfies readonly StatsTimeframe[];

/**
 * X-RateLimit-Reset is a Unix timestamp in seconds; a value this small can only be "seconds from now",
 * which some servers send instead.
 */
export const smallestUnixResetSeconds = 1_000_000_000;

export function clampListLimit(limit: number | undefined): number | undefined {
  if (limit === undefined) return undefined;
  return Math.min(listLimitBounds.max, Math.max(listLimitBounds.min, Math.trunc(limit)));
}

/**
 * The form of the platform's ids, from the spec's examples (`tourn_weekly`) and the sandbox's (`trn_8f3a…`): a
 * lowercase kind prefix, an underscore, then letters, digits, `_` or `-`. Used only where the platform cannot
 * be asked whether an id exists (docs/platform-assumptions.md, "Ids").
 */
export const platformIdPattern = /^[a-z]+_[A-Za-z0-9_-]+$/;
