// Reminder lead times as admins read them back (docs/architecture.md, "Tournament reminders"), in the one
// duration format (duration.ts): "1h, 10m and 1m".
import { formatDuration } from "./duration.js";

export function formatLeadTimes(minutes: readonly number[]): string {
  const shown = minutes.map((lead) => formatDuration(lead * 60));
  return shown.length <= 1 ? (shown[0] ?? "") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1) ?? ""}`;
}
