// How wide the chart's Inter text draws, estimated from above so a name cut to fit never runs into what is
// beside it. Widths in em, rounded up from Inter SemiBold's advances.

const narrow = new Set("ijlI.,:;'!|`");
const slim = new Set('frt1()[]{}-/\\" ');
const wide = new Set("WMmw@%");
/** Every other character outside ASCII: Cyrillic Ж or Ш reach 1.03 em (text Inter cannot draw never gets here). */
const otherWidth = 1.05;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const ellipsis = "…";

function estimateGlyphWidth(grapheme: string): number {
  // An accented letter is as wide as its base letter: "é" as "e".
  const base = grapheme.normalize("NFD").charAt(0);
  if (base.charCodeAt(0) > 0x7e) return otherWidth;
  if (narrow.has(base)) return 0.3;
  if (slim.has(base)) return 0.46;
  if (wide.has(base)) return 1.05;
  if (base >= "A" && base <= "Z") return 0.8;
  return 0.66;
}

/** An upper bound of the width `text` draws at `fontSize`, in the same units. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += estimateGlyphWidth(segment);
  return width * fontSize;
}

/** `text` cut between graphemes, ending with "…", so that it draws within `maxWidth` at `fontSize`. */
export function fitTextWidth(text: string, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(text, fontSize) <= maxWidth) return text;
  const room = maxWidth - estimateTextWidth(ellipsis, fontSize);
  let kept = "";
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    width += estimateGlyphWidth(segment) * fontSize;
    if (width > room) break;
    kept += segment;
  }
  return kept + ellipsis;
}
