// `X-Service-Signature` check (the platform's API reference, Signature; docs/architecture.md, "Webhooks in"
// step 1).
import { createHmac, timingSafeEqual } from "node:crypto";

const prefix = "sha256=";

/**
 * True when `header` is the lowercase hex HMAC-SHA256 of `rawBody` (optionally prefixed `sha256=`) under
 * one of `secrets`: the current secret, and the few most recently retired within the last hour by a server
 * endpoint's rotations, or the operator's restarts with another PLATFORM_WEBHOOK_SECRET (docs/architecture.md,
 * "Webhooks in" step 1; receive-delivery.ts, acceptedSecrets). Each secret costs an HMAC over the whole body,
 * so the caller keeps the list short. The hex text is compared as bytes, so uppercase hex is refused: the
 * spec says the value is lowercase.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secrets: readonly string[],
): boolean {
  if (header === undefined) return false;
  const provided = Buffer.from(header.startsWith(prefix) ? header.slice(prefix.length) : header, "utf8");
  let matched = false;
  for (const secret of secrets) {
    // An empty key would let anyone sign; treat it as no secret at all.
    if (secret === "") continue;
    const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"), "utf8");
    // timingSafeEqual throws on a length mismatch, and the length of a hex digest is no secret.
    if (provided.length === expected.length && timingSafeEqual(provided, expected)) matched = true;
  }
  return matched;
}
