// One request through the shared proxy (docs/architecture.md, "Growing past one machine"), as @discordjs/proxy's
// proxyRequests forwards it but for two things. The body is read whole before it is queued: proxyRequests hands
// the client the request stream itself, so a request sent again after a 429 went with an empty body (Discord
// answered 400 50109 and the bot dropped the post as dead). And a failure that is not an answer from Discord
// (Discord unreachable) is thrown to the caller with the response left open for its 502: proxyRequests ended it
// first, an empty 200 that the bot's client took for a success. A request whose caller went away while it
// waited its turn is dropped, not sent: the caller (the bot's client, timed out) sends it again, and a create
// without a nonce (a role, a scheduled event) would otherwise be made twice. And a rate limit passed on carries
// its whole wait (passOnRateLimit).
import type { IncomingMessage, ServerResponse } from "node:http";
import { populateErrorResponse, populateSuccessfulResponse } from "@discordjs/proxy";
import { RateLimitError, RequestMethod, type REST, type ResponseLike, type RouteLike } from "@discordjs/rest";

export async function forwardProxiedRequest(
  rest: REST,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = Object.values(RequestMethod).find((each) => each === request.method);
  if (method === undefined) {
    response.writeHead(405, { "content-type": "application/json" });
    response.end(JSON.stringify({ message: "405: Method Not Allowed", code: 0 }));
    return;
  }
  const url = new URL(request.url ?? "/", "http://proxy.invalid");
  const body = await readBody(request);
  const callerGone = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) callerGone.abort();
  });
  const headers: Record<string, string> = {};
  const { authorization, "content-type": contentType, "x-audit-log-reason": reason } = request.headers;
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  if (authorization !== undefined) headers.authorization = authorization;
  if (typeof reason === "string") headers["x-audit-log-reason"] = reason;
  let upstream: ResponseLike;
  try {
    upstream = await rest.queueRequest({
      method,
      fullRoute: url.pathname.replace(/^\/api(\/v\d+)?/, "") as RouteLike,
      query: url.searchParams,
      headers,
      // The caller's own Authorization header is sent as it came.
      auth: false,
      passThroughBody: true,
      signal: callerGone.signal,
      ...(body.length === 0 ? {} : { body }),
    });
  } catch (error) {
    // Nobody is left to answer.
    if (callerGone.signal.aborted) return;
    if (error instanceof RateLimitError) {
      passOnRateLimit(response, error);
      return;
    }
    if (!populateErrorResponse(response, error)) throw error;
    response.end();
    return;
  }
  await populateSuccessfulResponse(response, upstream);
  response.end();
}

/**
 * A rate limit longer than the proxy sits out (discord-rest-proxy.ts), passed on as Discord words one: 429, its
 * wait in `Retry-After` and the body's `retry_after` (seconds), and `X-RateLimit-Global` for the global limit,
 * so the bot's client refuses it as its own (bot-rest-options.ts). The wait is the longer of Discord's
 * `Retry-After` and the bucket's reset: @discordjs/proxy's own answer gives the reset alone, which for a 429
 * without bucket headers (Cloudflare's ban) is about nothing, and the bot would ask again at once, each request
 * another invalid one to Discord.
 */
function passOnRateLimit(response: ServerResponse, error: RateLimitError): void {
  const seconds = Math.max(error.retryAfter, error.timeToReset, 0) / 1000;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "retry-after": String(seconds),
    "x-ratelimit-scope": error.scope,
  };
  if (error.global) headers["x-ratelimit-global"] = "true";
  response.writeHead(429, headers);
  response.end(
    JSON.stringify({ message: "You are being rate limited.", retry_after: seconds, global: error.global }),
  );
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
