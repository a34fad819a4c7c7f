const units = [
  { seconds: 86_400, suffix: "d" },
  { seconds: 3600, suffix: "h" },
  { seconds: 60, suffix: "m" },
  { seconds: 1, suffix: "s" },
] as const;

/**
 * Seconds as players read them, the one duration format of every reply and announcement: "45s", "4m 05s",
 * "1h 02m 05s", "2d 03h". Units after the first have two digits; zero units at the end are left out ("1h",
 * "30m"), so nothing is rounded away. `largestUnitOnly` keeps the first unit alone ("3d"), for a rough age.
 * Negative or non-finite: "—". Platform durations are seconds (src/api/assumptions.ts).
 */
export function formatDuration(
  seconds: number,
  options: { readonly largestUnitOnly?: boolean } = {},
): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  let remaining = Math.round(seconds);
  const amounts = units.map((unit) => {
    const amount = Math.floor(remaining / unit.seconds);
    remaining -= amount * unit.seconds;
    return { amount, suffix: unit.suffix };
  });
  const first = amounts.findIndex((part) => part.amount > 0);
  if (first === -1) return "0s";
  const last = options.largestUnitOnly === true ? first : amounts.findLastIndex((part) => part.amount > 0);
  return amounts
    .slice(first, last + 1)
    .map(
      (part, index) =>
        `${index === 0 ? String(part.amount) : String(part.amount).padStart(2, "0")}${part.suffix}`,
    )
    .join(" ");
}
