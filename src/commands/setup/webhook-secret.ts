import { randomBytes } from "node:crypto";

/** A new HMAC key for a platform webhook: 32 random bytes as base64url. Never shown or logged. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("base64url");
}
