// Reads the OAuth confirm page the way a browser submits it: its form's hidden fields (unescaped) and the cookie
// the page set. Shared by the route tests, the fuzz test and the end-to-end linking test.

const htmlEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => htmlEntities[name] ?? "");
}

/** The form's hidden inputs by name (`state`, `code`, `_csrf`); throws when the page has no form. */
export function readConfirmFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1] ?? "")] = unescapeHtml(match[2] ?? "");
  }
  if (Object.keys(fields).length === 0) throw new Error(`no confirm form on the page:\n${html}`);
  return fields;
}

/** `name=value` pairs for a `cookie` header, from the page's `set-cookie` headers. */
export function cookieHeaderFrom(setCookies: readonly string[]): string {
  return setCookies.map((setCookie) => setCookie.split(";")[0] ?? "").join("; ");
}

/** The form body a browser sends when the person presses one of the page's buttons. */
export function confirmFormBody(fields: Readonly<Record<string, string>>, action: "link" | "cancel"): string {
  return new URLSearchParams({ ...fields, action }).toString();
}
