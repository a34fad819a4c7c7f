/** 45 → "45s", 245 → "4m 05s", 3720 → "1h 02m": an average solve time in seconds (assumptions.ts). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "—";
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  const pad = (value: number) => String(value).padStart(2, "0");
  if (hours > 0) return `${String(hours)}h ${pad(minutes)}m`;
  if (minutes > 0) return `${String(minutes)}m ${pad(rest)}s`;
  return `${String(rest)}s`;
}
