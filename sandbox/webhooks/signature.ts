import { createHmac } from "node:crypto";

/** `X-Service-Signature`: lowercase hex HMAC-SHA256 of the payload text, keyed with the webhook secret,
 * with the optional `sha256=` prefix (the platform's API reference, Signature). */
export function signPayload(payload: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(payload, "utf8").digest("hex")}`;
}
