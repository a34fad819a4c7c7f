// Every setting the bot reads from its environment, as zod parses it (README.md, "Settings"); config.ts turns
// the parsed environment into the settings the code receives.
import { z } from "zod";
import { addressList, optionalChoice, optionalString, optionalUrl, publicUrl } from "./setting-parsers.js";
import { encryptionKeys } from "./encryption-keys-setting.js";
import { metricsPort, metricsToken } from "./metrics-settings.js";
import { maxShardIds, shardIdList } from "./shard-settings.js";
import { discordProxyPort, globalRateLimit, restProxyUrl } from "./discord-rest-settings.js";
import { leaseSeconds, pollIntervalMs } from "./worker-settings.js";
import {
  connectionTimeoutMs,
  keepAliveTimeoutMs,
  maxConnections,
  requestTimeoutMs,
} from "./http-server-settings.js";

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const environmentSchema = z.object({
  NODE_ENV: optionalChoice(["development", "production", "test"], "development"),
  // The token alone: pasted with the "Bot " of an Authorization header before it, every bot-token request
  // (@discordjs/rest adds its own) was refused while the gateway, which strips it, logged in.
  DISCORD_TOKEN: optionalString.transform((token) => token?.replace(/^(Bot|Bearer)\s+/i, "")),
  DISCORD_APPLICATION_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord snowflake")
      .optional(),
  ),
  // Discord's OAuth2 client secret (the client id is DISCORD_APPLICATION_ID): Linked Roles is off without it.
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_API_URL: optionalUrl,
  DISCORD_REST_PROXY_URL: restProxyUrl,
  DISCORD_PROXY_HOST: z.string().trim().min(1).default("127.0.0.1"),
  DISCORD_PROXY_PORT: discordProxyPort,
  DISCORD_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(
        /^[0-9a-f]{64}$/i,
        "must be the application's Ed25519 public key as the developer portal shows it (64 hex characters)",
      )
      .optional(),
  ),
  DISCORD_DEV_GUILD_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{17,20}$/, "must be a Discord snowflake")
      .optional(),
  ),
  PLATFORM_API_URL: optionalUrl,
  PLATFORM_WEBHOOKS_API_URL: optionalUrl,
  PLATFORM_AUTH_URL: optionalUrl,
  PLATFORM_TOKEN_URL: optionalUrl,
  PLATFORM_CLIENT_ID: optionalString,
  PLATFORM_CLIENT_SECRET: optionalString,
  PLATFORM_OAUTH_SCOPES: z.string().trim().default("read:profile write:battles"),
  PLATFORM_TOKEN_REQUEST_FORMAT: optionalChoice(["json", "form"], "json"),
  PLATFORM_WEBHOOK_SECRET: optionalString,
  PLATFORM_TIMEOUT_MS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(100, "must be at least 100 ms")
      .max(120_000, "must be at most 120000 ms (2 minutes)")
      .default(10_000),
  ),
  PUBLIC_URL: publicUrl,
  // Unset: loopback in production, where a reverse proxy on the same host terminates TLS (docs/operations.md,
  // "5. Start it"); every interface elsewhere. Set it to 0.0.0.0 to listen beyond the host.
  HOST: optionalString,
  PORT: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a port number" })
      .int("must be a port number")
      .min(0, "must be a port number from 0 to 65535")
      .max(65_535, "must be a port number from 0 to 65535")
      .default(3000),
  ),
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  METRICS_PORT: metricsPort,
  METRICS_TOKEN: metricsToken,
  DATABASE_URL: z.string().trim().min(1).default("file:./data/bot.sqlite"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  // A cap on the SQLite file, so a growing database fails its own writes cleanly (503, /readyz) before it fills
  // a disk other services share (docs/operations.md, "When SQLite cannot write").
  SQLITE_MAX_SIZE_MB: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of megabytes" })
      .int("must be a whole number of megabytes")
      .min(1, "must be at least 1 MB")
      .optional(),
  ),
  OUTBOX_LEASE_SECONDS: leaseSeconds,
  OUTBOX_POLL_INTERVAL_MS: pollIntervalMs,
  DISCORD_GLOBAL_RATE_LIMIT: globalRateLimit,
  // How long a server that removed the bot keeps its data, so adding the bot back resumes everything
  // (docs/architecture.md, "When the bot leaves a server").
  GUILD_DATA_GRACE_DAYS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1 day")
      .default(30),
  ),
  // In HTTP interactions mode, how often the bot reads its server list to notice a server that removed it
  // (docs/architecture.md, "When the bot leaves a server"): there is no gateway to say so.
  GUILD_LIST_CHECK_SECONDS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of seconds" })
      .int("must be a whole number of seconds")
      .min(1, "must be at least 1 second")
      .max(86_400, "must be at most 86400 seconds (a day)")
      .default(600),
  ),
  // How often the open tournaments are read for reminders (docs/architecture.md, "Tournament reminders"): the
  // platform announces no new tournament, so it is asked. At most a day, so a new tournament is seen in time.
  TOURNAMENT_POLL_SECONDS: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of seconds" })
      .int("must be a whole number of seconds")
      .min(1, "must be at least 1 second")
      .max(86_400, "must be at most 86400 seconds (a day)")
      .default(300),
  ),
  // How long a tournament's scheduled event lasts (docs/architecture.md, "Tournament events"): Discord asks an
  // external event for an end, and the platform gives none.
  EVENT_DURATION_MINUTES: optionalString.pipe(
    z.coerce
      .number<string | undefined>({ error: "must be a whole number of minutes" })
      .int("must be a whole number of minutes")
      .min(1, "must be at least 1 minute")
      .max(10_080, "must be at most 10080 minutes (a week)")
      .default(120),
  ),
  ENCRYPTION_KEYS: encryptionKeys,
  WEBHOOK_ALLOWED_IPS: addressList("WEBHOOK_ALLOWED_IPS"),
  TRUSTED_PROXIES: addressList("TRUSTED_PROXIES"),
  HTTP_REQUEST_TIMEOUT_MS: requestTimeoutMs,
  HTTP_CONNECTION_TIMEOUT_MS: connectionTimeoutMs,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: keepAliveTimeoutMs,
  HTTP_MAX_CONNECTIONS: maxConnections,
  INTERACTIONS_MODE: optionalChoice(["gateway", "http"], "gateway"),
  SHARD_COUNT: optionalString.pipe(
    z
      .string()
      .regex(/^(auto|[1-9]\d*)$/, 'must be a positive whole number or "auto"')
      .transform((value) => (value === "auto" ? ("auto" as const) : Number(value)))
      .refine((value) => value === "auto" || value <= maxShardIds, `must be at most ${maxShardIds}`)
      .optional(),
  ),
  SHARD_IDS: shardIdList,
  LOG_LEVEL: optionalChoice(logLevels, "info"),
});

export type Environment = z.infer<typeof environmentSchema>;
