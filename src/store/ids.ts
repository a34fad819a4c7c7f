import { randomBytes } from "node:crypto";

/**
 * A random url-safe id: 16 bytes as 22 base64url characters. Short enough to be an outbox row's Discord
 * message nonce (at most 25 characters), random enough to name a webhook endpoint in a public URL.
 */
export function createId(): string {
  return randomBytes(16).toString("base64url");
}
