import { randomFillSync } from "node:crypto";

/** Random bytes drawn a few kilobytes at a time: one call per id cost more than the rest of its making. */
const pool = Buffer.alloc(4096);
let used = pool.length;

/**
 * A random url-safe id: 16 bytes as 22 base64url characters. Short enough to be an outbox row's Discord
 * message nonce (at most 25 characters), random enough to name a webhook endpoint in a public URL.
 */
export function createId(): string {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.toString("base64url", used - 16, used);
}
