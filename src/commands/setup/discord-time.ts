/** A Discord timestamp (`<t:unix:R>`) for epoch ms or an ISO string; "unknown time" when unreadable. */
export function discordTime(at: number | string, style: "R" | "f" = "R"): string {
  const ms = typeof at === "number" ? at : Date.parse(at);
  return Number.isFinite(ms) ? `<t:${String(Math.floor(ms / 1000))}:${style}>` : "unknown time";
}
