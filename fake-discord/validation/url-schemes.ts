import type { FieldErrorCollector, FieldPath } from "./field-checks.js";

/** A link a member opens in the browser: an embed's or its author's url. */
export const webSchemes = ["http", "https"] as const;
/** An image Discord fetches, or a file uploaded with the message (`attachment://name`). */
export const imageSchemes = ["http", "https", "attachment"] as const;
/** A link button: the web, or a link into Discord's own client. */
export const linkButtonSchemes = ["http", "https", "discord"] as const;

/**
 * A url whose scheme is not one the field takes: 400 50035 URL_TYPE_INVALID_SCHEME, in Discord's wording. The
 * OpenAPI spec's `uri` format takes any scheme, so `ftp:`, `javascript:` or a host with a port and no scheme
 * (`localhost:3000/link` reads as the scheme `localhost`) pass it. A value that is no url at all is the
 * spec's.
 */
export function checkUrlScheme(
  errors: FieldErrorCollector,
  path: FieldPath,
  value: unknown,
  schemes: readonly string[],
): void {
  if (typeof value !== "string") return;
  const scheme = /^([a-z][a-z0-9+.-]*):/iu.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined || schemes.includes(scheme)) return;
  const allowed = schemes.map((each) => `'${each}'`).join(", ");
  errors.add(
    path,
    "URL_TYPE_INVALID_SCHEME",
    `Scheme "${scheme}" is not supported. Scheme must be one of (${allowed}).`,
  );
}
