// Tier names beyond the spec's examples (`platinum`, `grandmaster`) are not shown; the sandbox uses this
// ladder, by rating.
const ladder = [
  { from: 2200, tier: "grandmaster" },
  { from: 2000, tier: "master" },
  { from: 1800, tier: "diamond" },
  { from: 1600, tier: "platinum" },
  { from: 1400, tier: "gold" },
  { from: 1200, tier: "silver" },
] as const;

export function tierForRating(rating: number): string {
  return ladder.find((step) => rating >= step.from)?.tier ?? "bronze";
}
