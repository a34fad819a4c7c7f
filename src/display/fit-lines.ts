/**
 * Joins lines with newlines within `maxLength` characters, ending with "…and N more" when some do not fit,
 * so a long list is cut between entries instead of mid-line (embed field values hold 1024 characters).
 */
export function fitLines(lines: readonly string[], maxLength: number, empty = "—"): string {
  if (lines.length === 0) return empty;
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const left = lines.length - index - 1;
    const more = left > 0 ? `\n…and ${left} more`.length : 0;
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + added + more > maxLength) {
      kept.push(`…and ${lines.length - index} more`);
      return kept.join("\n");
    }
    kept.push(line);
    length += added;
  }
  return kept.join("\n");
}
