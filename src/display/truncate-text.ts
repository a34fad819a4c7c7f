const ellipsis = "…";

/** Cuts text to `max` characters, marking the cut, so long code and lists are truncated cleanly. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, Math.max(0, max - ellipsis.length)) + ellipsis;
}
