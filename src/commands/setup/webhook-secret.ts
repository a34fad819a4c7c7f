import { randomBytes } from "node:crypto";

/** A new HMAC key for a platform webhook: 32 random bytes as base64url. Never shown or logged. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** How long a rotated-out secret still verifies deliveries (the brief: 24 hours). */
export const previousSecretGraceMs = 24 * 60 * 60 * 1000;
