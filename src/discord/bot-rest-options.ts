// Where the bot token's REST goes and who paces it (docs/architecture.md, "Growing past one machine"). Alone,
// each instance paces itself to its share of Discord's global limit. Behind the shared proxy, the proxy owns
// every limit: the instance sends at once and lets the proxy hold a request until its turn.
import { REST, type RateLimitData } from "@discordjs/rest";
import type { Config } from "../config.js";

/** Not a Discord limit: high enough that @discordjs/rest never holds a request back for the global limit. */
export const unpacedRequestsPerSecond = 10_000;

/**
 * Behind the proxy a request's time includes its wait in the proxy's queue (a guild's 10 role changes per
 * 10 s, a channel's 5 posts per 5 s), which @discordjs/rest's 15 s default would cut short and send again.
 */
const proxiedTimeoutMs = 60_000;

export interface BotRestOptions {
  /** The REST base without the version; Discord's own when undefined. */
  readonly api: string | undefined;
  readonly globalRequestsPerSecond: number;
  /** @discordjs/rest's default (15 s) when undefined. */
  readonly timeout: number | undefined;
}

export function readBotRestOptions(
  discord: Pick<Config["discord"], "apiUrl" | "restProxyUrl" | "globalRequestsPerSecond">,
): BotRestOptions {
  if (discord.restProxyUrl === undefined) {
    return {
      api: discord.apiUrl,
      globalRequestsPerSecond: discord.globalRequestsPerSecond,
      timeout: undefined,
    };
  }
  // The proxy answers without X-RateLimit-* headers (it keeps the buckets itself), so @discordjs/rest learns
  // no bucket either and nothing is paced twice. A 429 the proxy passes on is a wait longer than it sits out,
  // which the client then refuses (maxRateLimitWaitMs).
  return {
    api: `${discord.restProxyUrl}/api`,
    globalRequestsPerSecond: unpacedRequestsPerSecond,
    timeout: proxiedTimeoutMs,
  };
}

/**
 * The longest rate-limit wait the shared client, and the shared proxy's (discord-rest-proxy.ts), sit out: a
 * whole window of Discord's usual buckets (a channel's 5 posts per 5 s, a guild's 10 role changes per 10 s, the
 * global limit) with @discordjs/rest's offsets. Past it the request is refused at once, unsent
 * (@discordjs/rest's RateLimitError; through the proxy, its 429 passed on): a worker's row is then
 * "rate-limited", due again when the limit ends and not counted as an attempt, and a member's command is told
 * when to try again (src/bot/describe-interaction-error.ts). Waited out, a long `Retry-After` (a route limited
 * for minutes, or Cloudflare's hour-long ban) would hold the row past its lease, for another instance to send
 * it again, and a member's answer for as long.
 */
export const maxRateLimitWaitMs = 15_000;
/**
 * The longest rate-limit wait the client for creates sits out: less, since a create must be answered within
 * its row's lease (below).
 */
export const maxCreateRateLimitWaitMs = 10_000;
/** The longest a create is waited for behind the proxy, whose 60 s would be a whole lease (else 15 s). */
export const maxCreateTimeoutMs = 30_000;

/**
 * The bot token's two REST clients: the shared one, and one for creates Discord gives no nonce (a role, a
 * scheduled event) that sends each request once: @discordjs/rest sends a request again after a 5xx, a
 * time-out or a reset, when Discord may already have made the first (docs/architecture.md, "Posting"). A
 * create is made under its row's lease, renewed just before it (tournament-event-lease.ts): it must be
 * answered well within that lease, or another instance could take the row over, find no event yet and make a
 * second, so its waits are bounded (`maxCreateRateLimitWaitMs`, `maxCreateTimeoutMs`).
 */
export function createBotRestClients(
  options: BotRestOptions,
  token: string,
): { readonly rest: REST; readonly restForCreates: REST } {
  const shared = {
    ...(options.api === undefined ? {} : { api: options.api }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  };
  const { forCreates, forTheRest } = splitGlobalLimit(options.globalRequestsPerSecond);
  return {
    rest: new REST({
      ...shared,
      globalRequestsPerSecond: forTheRest,
      rejectOnRateLimit: refusesLongWaits,
    }).setToken(token),
    restForCreates: new REST({
      ...shared,
      globalRequestsPerSecond: forCreates,
      retries: 0,
      ...(options.timeout === undefined ? {} : { timeout: Math.min(options.timeout, maxCreateTimeoutMs) }),
      rejectOnRateLimit: (limit) => limit.retryAfter > maxCreateRateLimitWaitMs,
    }).setToken(token),
  };
}

/** `rejectOnRateLimit` of the shared client and the proxy's: a wait past maxRateLimitWaitMs is refused. */
export function refusesLongWaits(limit: RateLimitData): boolean {
  return limit.retryAfter > maxRateLimitWaitMs;
}

/**
 * Each client paces itself alone (@discordjs/rest keeps its global count per client), so the instance's share
 * of the global limit is split between them rather than given whole to each, which let the two together send
 * twice it: a tenth (at least one a second) for the rare creates, the rest for everything else. Unpaced
 * behind the proxy, which paces every request itself.
 */
export function splitGlobalLimit(perSecond: number): {
  readonly forCreates: number;
  readonly forTheRest: number;
} {
  if (perSecond >= unpacedRequestsPerSecond) return { forCreates: perSecond, forTheRest: perSecond };
  // At 1 a second neither client can have less than 1 (@discordjs/rest paces in whole requests a second).
  const forCreates = Math.max(1, Math.floor(perSecond / 10));
  return { forCreates, forTheRest: Math.max(1, perSecond - forCreates) };
}
