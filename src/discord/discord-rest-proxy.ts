// The shared Discord REST proxy that `npm run discord-proxy` runs (docs/architecture.md, "Growing past one
// machine"): every instance sends its bot-token REST here, and one @discordjs/rest client paces it all to
// Discord's limits, the global one and each route's, so a stopped instance's share goes to the others.
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { REST } from "@discordjs/rest";
import type { Logger } from "../logger.js";
import { refusesLongWaits } from "./bot-rest-options.js";
import { forwardProxiedRequest } from "./forward-proxied-request.js";

export interface DiscordRestProxyOptions {
  /** The bot token (DISCORD_TOKEN): the only one this proxy sends for, since the limits it keeps are its. */
  readonly token: string;
  /** Discord's REST base without the version (DISCORD_API_URL); Discord's own when undefined. */
  readonly upstreamApiUrl: string | undefined;
  /** The bot's whole global limit (DISCORD_GLOBAL_RATE_LIMIT). */
  readonly globalRequestsPerSecond: number;
  readonly logger: Logger;
}

export interface DiscordRestProxy {
  /** Not listening yet. */
  readonly server: Server;
  /** Stops taking connections, lets the requests in flight finish, and stops the REST client's timers. */
  close(): Promise<void>;
}

export function createDiscordRestProxy(options: DiscordRestProxyOptions): DiscordRestProxy {
  const rest = new REST({
    ...(options.upstreamApiUrl === undefined ? {} : { api: options.upstreamApiUrl }),
    globalRequestsPerSecond: options.globalRequestsPerSecond,
    // Retrying is the caller's to decide, as with Discord itself: the bot's own client retries an outage, and
    // retrying here too would multiply the attempts. A rate limit is waited out here as the bot's own client
    // would (up to maxRateLimitWaitMs); a longer one is passed on, a 429 with its Retry-After, for the bot to
    // hand back to its worker rather than hold (bot-rest-options.ts).
    retries: 0,
    rejectOnRateLimit: refusesLongWaits,
  });
  const isBotToken = matchesAuthorization(`Bot ${options.token.replace(/^Bot\s+/i, "")}`);
  const { logger } = options;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!isBotToken(request.headers.authorization)) {
      logger.warn(
        { method: request.method },
        "refused a request without this proxy's bot token: the bot and the proxy must share DISCORD_TOKEN",
      );
      sendJson(response, 401, { message: "401: Unauthorized", code: 0 });
      return;
    }
    forwardProxiedRequest(rest, request, response).catch((error: unknown) => {
      // Discord unreachable (reset, refused, DNS): an outage to the bot, which retries it.
      logger.warn({ err: error, method: request.method }, "could not reach Discord for a proxied request");
      if (!response.headersSent) sendJson(response, 502, { message: "502: Discord unreachable", code: 0 });
      else response.destroy();
    });
  });
  return {
    server,
    close: async () => {
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}

/** Compares digests, so the time taken says nothing about how much of the token matched. */
function matchesAuthorization(expected: string): (received: string | undefined) => boolean {
  const expectedDigest = createHash("sha256").update(expected).digest();
  return (received) =>
    received !== undefined && timingSafeEqual(createHash("sha256").update(received).digest(), expectedDigest);
}

function sendJson(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
