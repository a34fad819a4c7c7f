// A tier's name and colour, the same in every reply, announcement and chart.

/** The accent of a tier the bot has no colour for: Discord's blurple. */
export const defaultTierAccent = "#5865f2";

// Tier names beyond "platinum" and "grandmaster" are not in the platform's API reference; unknown ones get
// the default accent.
const tierAccents: ReadonlyMap<string, string> = new Map([
  ["iron", "#a19d94"],
  ["bronze", "#cd7f32"],
  ["silver", "#c0c7d0"],
  ["gold", "#f0b232"],
  ["platinum", "#4fd1c5"],
  ["diamond", "#5ab7ff"],
  ["master", "#c77dff"],
  ["grandmaster", "#ff5c5c"],
  ["challenger", "#ffd166"],
]);

/** "grandmaster" → "Grandmaster", "grand master" → "Grand Master"; unknown tiers read "—". */
export function formatTier(tier: string | null | undefined): string {
  const words = (tier ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "—";
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}

/** The accent colour (`#rrggbb`) for a tier name, whatever its case or spacing ("Grand Master" → grandmaster). */
export function pickTierAccent(tier: string | undefined): string {
  const key = (tier ?? "").toLowerCase().replace(/[^a-z]/g, "");
  return tierAccents.get(key) ?? defaultTierAccent;
}

/** The tier's accent as an embed colour, the same accent the rating chart uses. */
export function pickTierColour(tier: string | null | undefined): number {
  return Number.parseInt(pickTierAccent(tier ?? undefined).slice(1), 16);
}
