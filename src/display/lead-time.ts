// A reminder's lead time, shown as admins type it (docs/architecture.md, "Tournament reminders"): whole
// minutes as `2d 3h 5m`, largest unit first, the units left out that are zero.

const units = [
  { suffix: "d", minutes: 24 * 60 },
  { suffix: "h", minutes: 60 },
  { suffix: "m", minutes: 1 },
] as const;

export function formatLeadTime(minutes: number): string {
  let left = Math.max(0, Math.round(minutes));
  const parts: string[] = [];
  for (const unit of units) {
    const count = Math.floor(left / unit.minutes);
    left -= count * unit.minutes;
    if (count > 0) parts.push(`${String(count)}${unit.suffix}`);
  }
  return parts.length === 0 ? "0m" : parts.join(" ");
}

/** "1h, 10m and 1m". */
export function formatLeadTimes(minutes: readonly number[]): string {
  const shown = minutes.map(formatLeadTime);
  return shown.length <= 1 ? (shown[0] ?? "") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1) ?? ""}`;
}
