const fieldPattern = /([\w-]+)=("(?:[^"\\]|\\.)*"|\S*)/g;

/**
 * Reads `fill` arguments: `language=python code="print('PASS')"`. Quoted values take JSON escapes, so
 * `code="a\nb"` is two lines.
 */
export function parseFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of text.matchAll(fieldPattern)) {
    const [, key = "", raw = ""] = match;
    fields[key] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return fields;
}
