// How the bot token's REST meets Discord's global limit (docs/architecture.md, "Growing past one machine"):
// each instance paces itself to its share, or every instance goes through one shared proxy that owns the
// limits (`npm run discord-proxy`).
import { z } from "zod";
import { optionalString } from "./setting-parsers.js";

// Discord's global limit is 50 requests a second per bot token (more for large bots that asked). Whatever
// sends with the token paces itself to this: each instance its share, or, behind DISCORD_REST_PROXY_URL, the
// proxy alone the whole.
export const globalRateLimit = optionalString.pipe(
  z.coerce
    .number<string | undefined>({ error: "must be a whole number of requests per second" })
    .int("must be a whole number of requests per second")
    .min(1, "must be at least 1 request per second")
    .max(10_000, "must be at most 10000 requests per second")
    .default(50),
);

/** The proxy's port when DISCORD_PROXY_PORT is unset. */
export const defaultDiscordProxyPort = 8080;

export const discordProxyPort = optionalString.pipe(
  z.coerce
    .number<string | undefined>({ error: "must be a port number" })
    .int("must be a port number")
    .min(1, "must be a port number from 1 to 65535")
    .max(65_535, "must be a port number from 1 to 65535")
    .default(defaultDiscordProxyPort),
);

/**
 * The proxy's origin, as `http://host:port` with nothing after it: the bot sends `<origin>/api/v10/…`, the
 * path both @discordjs/proxy and nirn-proxy expect in place of discord.com's.
 */
export const restProxyUrl = optionalString.pipe(
  z
    .url({ protocol: /^https?$/, abort: true })
    .refine(
      (value) => ["", "/"].includes(new URL(value).pathname),
      "must be the proxy's origin alone, like http://127.0.0.1:8080",
    )
    .transform((value) => new URL(value).origin)
    .optional(),
);
