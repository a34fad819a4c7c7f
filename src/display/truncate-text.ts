const ellipsis = "…";
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Cuts text to at most `max` characters, ending the cut with "…"; text that fits is returned as it is. It
 * cuts only between graphemes (what a reader sees as one character), so an emoji sequence, a flag, a skin
 * tone or an accent is kept whole or dropped whole and no half of a surrogate pair is ever left. Length is
 * counted in UTF-16 units (`String.length`), never less than the code points Discord counts, so the result
 * fits Discord's limits.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - ellipsis.length;
  if (room < 0) return "";
  let kept = "";
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > room) break;
    kept += segment;
  }
  return kept + ellipsis;
}
