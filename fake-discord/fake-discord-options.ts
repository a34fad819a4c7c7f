import type { Clock } from "./clock.js";
import type { Logger } from "pino";
import type { PrivilegedIntent } from "./gateway/gateway-protocol.js";
import type { InvalidRequestSettings } from "./rate-limits/invalid-requests.js";
import type { BucketLimit } from "./rate-limits/route-limits.js";

export interface FakeDiscordOptions {
  /** Ids, timestamps, the interaction deadline and the nonce window; the system clock by default. */
  clock?: Clock;
  /**
   * Time for rate-limit windows, and for the invalid-request limit's window and ban. @discordjs/rest waits in
   * real time on the headers, so this stays the system clock unless a test drives raw requests itself.
   */
  rateLimitClock?: Clock;
  /** Generated when left out; read it back from `fake.botToken`. */
  botToken?: string;
  applicationId?: string;
  botUsername?: string;
  /**
   * Discord's invalid-request limit (rate-limits/invalid-requests.ts): 10,000 answers of 401, 403 or 429 (a 429
   * of scope "shared" excepted) within 10 minutes ban the address for `banMs` (an hour), both timed on
   * `rateLimitClock`; a test lowers it to reach it in a few requests.
   */
  invalidRequestLimit?: Partial<InvalidRequestSettings>;
  /** Discord's global limit: 50 per second for a bot. */
  globalRateLimit?: { perSecond: number };
  /** Bucket overrides keyed "METHOD /route/:param" (see rate-limits/route-limits.ts). */
  routeLimits?: Readonly<Record<string, BucketLimit>>;
  defaultRouteLimit?: BucketLimit;
  /** Discord's 3 s to answer an interaction. */
  interactionDeadlineMs?: number;
  heartbeatIntervalMs?: number;
  /**
   * How long a scheduled event may stay SCHEDULED past its start before Discord cancels it ("on the order of
   * hours", docs: Guild Scheduled Event Status Update Automation); 3 hours.
   */
  cancelUnstartedEventsAfterMs?: number;
  /** How long `enforce_nonce` remembers a nonce; 5 minutes. */
  nonceWindowMs?: number;
  /** `shards` in GET /gateway/bot; one per 1,000 guilds when left out, as Discord recommends. */
  recommendedShards?: number;
  /**
   * Like Discord, IDENTIFY for a shard that would carry more guilds than this is closed with 4011 Sharding
   * required; 2,500 by default (docs: Gateway, Sharding).
   */
  maxGuildsPerSession?: number;
  /**
   * The privileged intents the application was granted in its settings; IDENTIFY asking for another is closed
   * with 4014 Disallowed intent(s), as one asking for a bit that is no intent is with 4013. All three by default.
   */
  privilegedIntents?: readonly PrivilegedIntent[];
  /** `max_concurrency` in GET /gateway/bot: how many shards may identify together. */
  maxConcurrency?: number;
  /** How long handle and waitFor* calls wait by default. */
  waitTimeoutMs?: number;
  logger?: Logger;
  /** The application's OAuth2 settings: its redirect URIs, and a client secret (generated when left out). */
  oauth2?: { redirectUris?: readonly string[]; clientSecret?: string };
}
