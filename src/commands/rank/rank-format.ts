// Formatting shared by the rank, profile, stats and leaderboard replies, so a rating or tier reads the same
// everywhere.
import { pickTierAccent } from "../../charts/chart-theme.js";

const unknown = "—";

/** "grandmaster" → "Grandmaster", "grand master" → "Grand Master"; unknown tiers read "—". */
export function formatTier(tier: string | null | undefined): string {
  const words = (tier ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return unknown;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}

export function formatRating(rating: number | null | undefined): string {
  return rating === null || rating === undefined || !Number.isFinite(rating)
    ? unknown
    : String(Math.round(rating));
}

/** 90 → "90th", 99.5 → "99.5th"; the percentile of platform-api.md's rank info, one decimal at most. */
export function formatPercentile(percentile: number | undefined): string {
  if (percentile === undefined || !Number.isFinite(percentile)) return unknown;
  const rounded = Math.round(percentile * 10) / 10;
  return `${String(rounded)}${ordinalSuffix(rounded)}`;
}

function ordinalSuffix(value: number): string {
  if (!Number.isInteger(value)) return "th";
  const lastTwo = Math.abs(value) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  return ["th", "st", "nd", "rd"][Math.abs(value) % 10] ?? "th";
}

/** The tier's accent as an embed colour, the same accent the rating chart uses. */
export function pickTierColour(tier: string | null | undefined): number {
  return Number.parseInt(pickTierAccent(tier ?? undefined).slice(1), 16);
}
