/**
 * `lead`, then the items joined by `separator`, within `maxLength` characters, ending with "…and N more"
 * (after `moreSeparator`, unless nothing but the lead fits) when some do not fit: a long list is cut between
 * entries instead of mid-entry, and still names the first ones rather than none.
 */
export function fitList(
  items: readonly string[],
  maxLength: number,
  options: { readonly separator: string; readonly moreSeparator: string; readonly lead?: string },
): string {
  const { separator, moreSeparator, lead = "" } = options;
  let text = lead;
  for (const [index, item] of items.entries()) {
    const added = (index === 0 ? "" : separator) + item;
    const left = items.length - index - 1;
    const more = left > 0 ? `${moreSeparator}…and ${left} more`.length : 0;
    if (text.length + added.length + more > maxLength) {
      return `${text}${index === 0 ? "" : moreSeparator}…and ${items.length - index} more`;
    }
    text += added;
  }
  return text;
}

/** One line each, within `maxLength` characters (an embed field holds 1024); `empty` when there are none. */
export function fitLines(lines: readonly string[], maxLength: number, empty = "—"): string {
  return lines.length === 0 ? empty : fitList(lines, maxLength, { separator: "\n", moreSeparator: "\n" });
}
