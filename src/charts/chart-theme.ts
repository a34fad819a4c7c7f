/** Colours chosen to read well on Discord's dark theme (its own palette where it has one). */
export const chartColours = {
  background: "#2b2d31",
  grid: "#3f4147",
  axisText: "#b5bac1",
  title: "#f2f3f5",
  mutedText: "#949ba4",
  gain: "#23a55a",
  loss: "#f23f43",
  defaultAccent: "#5865f2",
} as const;

// Tier names beyond "platinum" and "grandmaster" are not in platform-api.md; unknown ones get the default accent.
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

/** The accent colour for a tier name, whatever its case or spacing ("Grand Master" → grandmaster). */
export function pickTierAccent(tier: string | undefined): string {
  const key = (tier ?? "").toLowerCase().replace(/[^a-z]/g, "");
  return tierAccents.get(key) ?? chartColours.defaultAccent;
}
