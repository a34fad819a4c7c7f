// What a member's suggestions read from the platform, kept a while for their next keystrokes
// (docs/architecture.md, "The 3-second deadline"): Discord asks again at nearly every keystroke, and each
// read spends the member's own platform quota. Kept per platform client, so each bot (and each test's) has
// its own, a thousand members' at most.
import { LRUCache } from "lru-cache";
import type { PlatformHttp } from "../api/http.js";
import type { Clock } from "../clock.js";

/** The members' reads of one kind, each kept `ttlMs` after it was stored, by the bot's clock. */
export type MemberReads<Read extends object> = (http: PlatformHttp, clock: Clock) => LRUCache<string, Read>;

export function keepMemberReads<Read extends object>(ttlMs: number): MemberReads<Read> {
  const byClient = new WeakMap<PlatformHttp, LRUCache<string, Read>>();
  return (http, clock) => {
    let reads = byClient.get(http);
    if (reads === undefined) {
      // On the bot's clock, as every time the bot keeps (docs/conventions.md, habit 6), read at every look-up
      // (ttlResolution 0) rather than cached for a millisecond of real time.
      reads = new LRUCache<string, Read>({
        max: 1000,
        ttl: ttlMs,
        ttlResolution: 0,
        perf: { now: () => clock.now() },
      });
      byClient.set(http, reads);
    }
    return reads;
  };
}
