/**
 * Discord's timestamp styles: t 16:20 · T 16:20:30 · d 20/04/2021 · D 20 April 2021 · f 20 April 2021 16:20 ·
 * F Tuesday, 20 April 2021 16:20 · R in 2 months.
 */
export type TimestampStyle = "t" | "T" | "d" | "D" | "f" | "F" | "R";

/**
 * A moment (ms since the epoch) as a Discord timestamp, `<t:seconds:style>`, which every reader sees in their
 * own time zone and language; "unknown time" when `ms` is not a number (an unreadable date).
 */
export function discordTimestamp(ms: number, style: TimestampStyle): string {
  return Number.isFinite(ms) ? `<t:${String(Math.floor(ms / 1000))}:${style}>` : "unknown time";
}
