// The checks every `/v1` and `/api/v1` request passes, in order: due work runs for the current sandbox
// time; the credential is resolved (401); the credential's rate limit is counted and reported in the
// X-RateLimit-* headers (429); the route's permission level is checked (403).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxDeps } from "../deps.js";
import { forbidden, SandboxError } from "../errors.js";
import type { Level } from "../state.js";
import { credentialOf, hasLevel, resolvePrincipal, type Principal } from "./principal.js";
import type { RateLimitCode, RateLimitDecision } from "./rate-limit.js";

export type PrincipalRegistry = WeakMap<FastifyRequest, Principal>;

export function installApiHooks(
  app: FastifyInstance,
  deps: SandboxDeps,
  principals: PrincipalRegistry,
): void {
  app.addHook("onRequest", (request, reply, done) => {
    try {
      checkApiRequest(deps, principals, request, reply);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Also run for unknown paths under the API prefixes, so their 404 carries the headers too. */
export function checkApiRequest(
  deps: SandboxDeps,
  principals: PrincipalRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  deps.tick();
  let principal: Principal;
  try {
    principal = resolvePrincipal(deps.state, credentialOf(request.headers), deps.clock.now());
  } catch (error) {
    // Unauthenticated requests are counted per address, so even a 401 carries the headers.
    setRateLimitHeaders(reply, deps.limiter.hit(`ip:${request.ip}`));
    throw error;
  }
  const decision = deps.limiter.hit(principal.rateKey, principal.rateLimit);
  setRateLimitHeaders(reply, decision);
  if (!decision.allowed) throw rateLimitExceeded(decision, deps.limiter.code);
  checkOperationLimit(deps, request, reply, principal);
  const level = (request.routeOptions.config as { level?: Level }).level ?? "read";
  if (!hasLevel(principal, level))
    throw forbidden(`this operation needs a ${level} key; yours is ${principal.level}`);
  principals.set(request, principal);
}

/**
 * An operation's own limit (rate-limit.ts): its 429 keeps the key's X-RateLimit-* headers, whose Remaining
 * is above 0, with the operation's wait and, in its details, its limit and window: the key's window is not
 * spent, only this operation's (docs/platform-assumptions.md, "Rate limits").
 */
function checkOperationLimit(
  deps: SandboxDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
): void {
  const operation = deps.limiter.operationOf(`${request.method} ${request.routeOptions.url ?? ""}`);
  if (operation === undefined) return;
  const decision = deps.limiter.hit(
    `${principal.rateKey} ${operation.name}`,
    operation.limit,
    operation.windowSeconds,
  );
  if (decision.allowed) return;
  reply.header("x-ratelimit-retry-after", decision.retryAfter);
  throw rateLimitExceeded(decision, deps.limiter.code, `rate limit of ${operation.name} exceeded`);
}

/** The X-RateLimit-* headers the platform's reference lists (Limits); the standard Retry-After is not one. */
function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header("x-ratelimit-limit", decision.limit);
  reply.header("x-ratelimit-remaining", decision.remaining);
  reply.header("x-ratelimit-reset", decision.resetAt);
  reply.header("x-ratelimit-window", decision.windowSeconds);
  if (!decision.allowed) reply.header("x-ratelimit-retry-after", decision.retryAfter);
}

function rateLimitExceeded(
  decision: RateLimitDecision,
  code: RateLimitCode,
  message = "rate limit exceeded",
): SandboxError {
  if (code === "RATE_LIMITED") return new SandboxError(429, code, message);
  return new SandboxError(429, code, message, {
    limit: decision.limit,
    window: decision.windowSeconds,
    retry_after: decision.retryAfter,
  });
}

export function principalOf(principals: PrincipalRegistry, request: FastifyRequest): Principal {
  const principal = principals.get(request);
  if (principal === undefined) throw new Error("route registered outside the API scope");
  return principal;
}
