import { createHash } from "node:crypto";
import type { Clock } from "../clock.js";
import { smallestUnixResetSeconds } from "./assumptions.js";

// Limits apply per API key (the platform's API reference, "Limits"), so we remember the last X-RateLimit-*
// figures per credential and refuse locally while none are left (docs/architecture.md, "The platform API
// client"). The reference also names limits of single operations (registrations an hour, joins a minute): a
// 429 whose own headers show the key's window not spent blocks that operation alone, so a member refused one
// more registration can still read their rank. Only exhausted credentials and operations are kept, keyed by a
// SHA-256 digest so the map never holds a token, and bounded (the oldest entry goes first).

export interface RateLimitMemory {
  /** Seconds until the credential may make the operation again, or undefined when it may go out now. */
  secondsUntilAllowed(token: string, operation: string): number | undefined;
  /** Remembers the figures of one response (any status) to an operation (`METHOD /path`). */
  recordResponse(
    token: string,
    operation: string,
    headers: Headers,
    retryAfterSeconds: number | undefined,
  ): void;
}

interface Exhaustion {
  /** Milliseconds epoch before which no call should be made. */
  readonly blockedUntil: number;
}

export const defaultRateLimitMemorySize = 10_000;

export function createRateLimitMemory(
  clock: Clock,
  maxEntries = defaultRateLimitMemorySize,
): RateLimitMemory {
  // A credential's entry is its digest; an operation's, the digest then the operation.
  const exhausted = new Map<string, Exhaustion>();

  const waitOf = (key: string, now: number): number => {
    const entry = exhausted.get(key);
    if (entry === undefined) return 0;
    if (entry.blockedUntil <= now) {
      exhausted.delete(key);
      return 0;
    }
    return entry.blockedUntil - now;
  };

  const remember = (key: string, blockedUntil: number, now: number): void => {
    exhausted.delete(key);
    if (blockedUntil <= now) return;
    exhausted.set(key, { blockedUntil });
    if (exhausted.size > maxEntries) {
      const oldest = exhausted.keys().next();
      if (oldest.done !== true) exhausted.delete(oldest.value);
    }
  };

  return {
    secondsUntilAllowed(token, operation) {
      const key = hashToken(token);
      const now = clock.now();
      const waitMs = Math.max(waitOf(key, now), waitOf(`${key} ${operation}`, now));
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : undefined;
    },

    recordResponse(token, operation, headers, retryAfterSeconds) {
      const key = hashToken(token);
      const now = clock.now();
      const remaining = readInteger(headers, "x-ratelimit-remaining");
      const resetAt = readResetAt(headers, now);
      let credentialUntil = remaining === 0 && resetAt !== undefined ? resetAt : Number.NEGATIVE_INFINITY;
      let operationUntil = Number.NEGATIVE_INFINITY;
      if (retryAfterSeconds !== undefined) {
        const retryAt = now + retryAfterSeconds * 1000;
        // The key's window shows calls left: the limit refused is the operation's own.
        if (remaining !== undefined && remaining > 0) operationUntil = retryAt;
        else credentialUntil = Math.max(credentialUntil, retryAt);
      }
      remember(key, credentialUntil, now);
      remember(`${key} ${operation}`, operationUntil, now);
    },
  };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function readInteger(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

function readResetAt(headers: Headers, now: number): number | undefined {
  const reset = readInteger(headers, "x-ratelimit-reset");
  if (reset === undefined) return undefined;
  return reset < smallestUnixResetSeconds ? now + reset * 1000 : reset * 1000;
}
