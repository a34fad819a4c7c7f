import { createHash } from "node:crypto";
import type { Clock } from "../clock.js";
import { smallestUnixResetSeconds } from "./assumptions.js";

// Limits apply per API key (the platform's API reference, "Limits"), so we remember the last X-RateLimit-*
// figures per credential and refuse locally while none are left
// (docs/architecture.md, "The platform API client"). Only exhausted credentials are kept, keyed by a SHA-256
// digest so the map never holds a token, and bounded (the oldest entry goes first).

export interface RateLimitMemory {
  /** Seconds until the credential may call again, or undefined when a call may go out now. */
  secondsUntilAllowed(token: string): number | undefined;
  /** Remembers the figures of one response (any status). */
  recordResponse(token: string, headers: Headers, retryAfterSeconds: number | undefined): void;
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
  const exhausted = new Map<string, Exhaustion>();

  return {
    secondsUntilAllowed(token) {
      const key = hashToken(token);
      const entry = exhausted.get(key);
      if (entry === undefined) return undefined;
      const waitMs = entry.blockedUntil - clock.now();
      if (waitMs <= 0) {
        exhausted.delete(key);
        return undefined;
      }
      return Math.ceil(waitMs / 1000);
    },

    recordResponse(token, headers, retryAfterSeconds) {
      const key = hashToken(token);
      const now = clock.now();
      const remaining = readInteger(headers, "x-ratelimit-remaining");
      const resetAt = readResetAt(headers, now);
      const candidates: number[] = [];
      if (remaining === 0 && resetAt !== undefined) candidates.push(resetAt);
      if (retryAfterSeconds !== undefined) candidates.push(now + retryAfterSeconds * 1000);
      const blockedUntil = Math.max(...candidates, Number.NEGATIVE_INFINITY);
      exhausted.delete(key);
      if (blockedUntil <= now) return;
      exhausted.set(key, { blockedUntil });
      if (exhausted.size > maxEntries) {
        const oldest = exhausted.keys().next();
        if (oldest.done !== true) exhausted.delete(oldest.value);
      }
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
