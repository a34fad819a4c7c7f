import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { authenticatesAsUser } from "../oauth2/user-routes.js";
import type { RateLimiter } from "../rate-limits/rate-limiter.js";

const apiPrefixPattern = /^\/api\/v\d+/;

/** How a route is treated by auth and rate limits, read from its declared path. */
export interface RouteTraits {
  /** "POST /channels/:channelId/messages" */
  routeKey: string;
  /** Bot routes need `Authorization: Bot <token>`; interaction and webhook-token routes do not. */
  needsBotToken: boolean;
  isInteractionCallback: boolean;
  majorParameter: string;
}

/** Whether the request was routed to an API route (`/api/v10/…`), which the guards and the limits apply to. */
function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && apiPrefixPattern.test(url);
}

export function readRouteTraits(request: FastifyRequest): RouteTraits | null {
  const url = request.routeOptions.url;
  if (url === undefined || !isApiRoute(request)) return null;
  const path = url.replace(apiPrefixPattern, "");
  const params = request.params as Record<string, string | undefined>;
  const isWebhook = path.startsWith("/webhooks/");
  const isInteractionCallback = path.startsWith("/interactions/");
  const { authorization } = request.headers;
  const asUser = authenticatesAsUser(path, params, authorization);
  return {
    routeKey: `${request.method} ${path}`,
    needsBotToken: !isWebhook && !isInteractionCallback && path !== "/gateway" && !asUser,
    isInteractionCallback,
    majorParameter:
      params.channelId ??
      params.guildId ??
      (isWebhook ? `${params.applicationId ?? ""}/${params.token ?? ""}` : undefined) ??
      // Limits apply to each individual, known by the request's authentication (docs: Topics, Rate Limits):
      // a user's own token has its own buckets, never the bot's or another user's.
      (asUser && authorization !== undefined ? `user:${digest(authorization)}` : "global"),
  };
}

function digest(authorization: string): string {
  return createHash("sha256").update(authorization).digest("hex").slice(0, 32);
}

/**
 * Runs before every API route: outage, Cloudflare's ban, token check, then Discord's global limit and the
 * route's bucket. Every answer carries the X-RateLimit-* headers @discordjs/rest reads.
 */
export function guardApiRequest(
  state: FakeDiscordState,
  rateLimiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const traits = readRouteTraits(request);
  if (traits === null) return undefined;
  state.stats.requests += 1;
  state.stats.requestsByRoute.set(
    traits.routeKey,
    (state.stats.requestsByRoute.get(traits.routeKey) ?? 0) + 1,
  );
  if (state.outage === "reset") {
    request.raw.socket.destroy();
    return reply.hijack();
  }
  const banSeconds = state.ban?.retryAfterSeconds ?? state.invalidRequestLimit.banSecondsLeft();
  if (banSeconds !== undefined) {
    state.stats.rateLimited += 1;
    state.bannedRequests.add(request);
    return reply
      .code(429)
      .header("retry-after", String(banSeconds))
      .type("text/plain")
      .send("error code: 1015");
  }
  if (state.outage === "unavailable" || state.routeOutages.has(traits.routeKey)) {
    return reply.code(503).send({ message: "503: Service Unavailable", code: 0 });
  }
  if (traits.needsBotToken && request.headers.authorization !== `Bot ${state.botToken}`) {
    throw new DiscordHttpError("unauthorized");
  }
  const decision = rateLimiter.check({
    routeKey: traits.routeKey,
    majorParameter: traits.majorParameter,
    countsTowardsGlobal: traits.needsBotToken,
    hasBucket: !traits.isInteractionCallback,
  });
  void reply.headers(decision.headers);
  if (decision.allowed) return undefined;
  state.stats.rateLimited += 1;
  if (decision.global) state.stats.globalRateLimited += 1;
  return reply.code(429).send({
    message: "You are being rate limited.",
    retry_after: Math.round(decision.retryAfterMs) / 1000,
    global: decision.global,
  });
}

/**
 * After each API answer: one Discord counts as invalid goes towards the invalid-request limit, unless a ban
 * answered it (Cloudflare's answer, not Discord's).
 */
export function countInvalidRequest(
  state: FakeDiscordState,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (!isApiRoute(request) || state.bannedRequests.has(request)) return;
  const scope = reply.getHeader("x-ratelimit-scope");
  if (state.invalidRequestLimit.record(reply.statusCode, typeof scope === "string" ? scope : undefined))
    state.stats.invalidRequests += 1;
}
