// What an inbox row keeps of a verified body it cannot keep as an event (docs/architecture.md, "Webhooks in"
// step 2): a malformed delivery's, and an unknown kind's too large to keep whole. A server's admins choose their
// endpoint's secret (event-source.ts), so they can sign any body up to the 256 KiB limit; kept whole for the
// inbox's week, such bodies could fill the database every server shares. The beginning shows why a body was
// refused, and its length and hash match it against the platform's delivery log.
import { createHash } from "node:crypto";

/** The most of a body an inbox row keeps, in bytes; a platform event's envelope fits many times over. */
export const keptBodyBytes = 8 * 1024;

export interface KeptBody {
  /** The body as text: whole when it has at most keptBodyBytes, else its beginning, cut before a character. */
  readonly body: string;
  /** True when `body` is only the beginning of it. */
  readonly truncated: boolean;
  /** The whole body's length, in bytes. */
  readonly bytes: number;
  /** The SHA-256 of the whole body's bytes, lowercase hex. */
  readonly sha256: string;
}

export function keepBody(rawBody: Buffer): KeptBody {
  const end = prefixEnd(rawBody, keptBodyBytes);
  return {
    body: rawBody.toString("utf8", 0, end),
    truncated: end < rawBody.length,
    bytes: rawBody.length,
    sha256: createHash("sha256").update(rawBody).digest("hex"),
  };
}

/**
 * Where to cut `bytes` to keep at most `limit` of them: before the character the limit falls inside, so the
 * text kept does not end in half a character (read as U+FFFD).
 */
function prefixEnd(bytes: Buffer, limit: number): number {
  if (bytes.length <= limit) return bytes.length;
  let end = limit;
  // A UTF-8 character is a first byte and at most three continuation bytes (10xxxxxx).
  while (end > limit - 3 && (bytes.readUInt8(end) & 0xc0) === 0x80) end -= 1;
  return end;
}
