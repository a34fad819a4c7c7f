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

/** Base-36 digits of a millisecond timestamp, padded so that ids of later times sort after earlier ones. */
const timeDigits = 9;

/**
 * A url-safe id that sorts by when it was made: the time in ms, then 12 random characters (21 in all, so it
 * too fits a Discord nonce). A table keyed by it, like the outbox, adds its rows at the end of its index, so a
 * commit writes a few pages of it rather than one page per row scattered across it.
 */
export function createOrderedId(now: number = Date.now()): string {
  if (used + 9 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 9;
  return now.toString(36).padStart(timeDigits, "0") + pool.toString("base64url", used - 9, used);
}
