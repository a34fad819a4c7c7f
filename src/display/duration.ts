const units = [
  { seconds: 86_400, label: "d" },
  { seconds: 3600, label: "h" },
  { seconds: 60, label: "min" },
  { seconds: 1, label: "s" },
] as const;

/**
 * Seconds as a member reads them, to the two largest units: "1 h 5 min", "12 min 30 s", "45 s". Platform
 * durations are seconds (src/api/assumptions.ts).
 */
export function formatDuration(seconds: number, precision: 1 | 2 = 2): string {
  let remaining = Math.max(0, Math.round(seconds));
  const amounts = units.map((unit) => {
    const amount = Math.floor(remaining / unit.seconds);
    remaining -= amount * unit.seconds;
    return { amount, label: unit.label };
  });
  const first = amounts.findIndex((part) => part.amount > 0);
  if (first === -1) return "0 s";
  return amounts
    .slice(first, first + precision)
    .filter((part) => part.amount > 0)
    .map((part) => `${part.amount} ${part.label}`)
    .join(" ");
}
