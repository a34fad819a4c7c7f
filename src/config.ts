// The only module that reads process.env (docs/conventions.md, habit 6). Settings are validated once, and
// every problem is reported together with the variable's name, so an operator fixes them in one go.
import { environmentSchema, type Environment } from "./config/environment-schema.js";
import { describeDatabaseUrlProblem } from "./config/database-url-settings.js";
import { describeListenerClash } from "./config/metrics-settings.js";
import { checkProductionSettings } from "./config/production-settings.js";
import { checkShardIds } from "./config/shard-settings.js";

export type { Environment };

export interface Config {
  readonly nodeEnv: Environment["NODE_ENV"];
  readonly discord: {
    readonly token: string | undefined;
    readonly applicationId: string | undefined;
    readonly apiUrl: string | undefined;
    readonly publicKey: string | undefined;
    readonly devGuildId: string | undefined;
    readonly interactionsMode: "gateway" | "http";
    /** Total gateway shards of the bot: a number, "auto" (Discord's recommendation), or unsharded. */
    readonly shardCount: number | "auto" | undefined;
    /** The shards this instance runs (SHARD_IDS); every one of `shardCount` when undefined. */
    readonly shardIds: readonly number[] | undefined;
    /**
     * Requests a second sent with the bot token: this instance's share of Discord's global limit, or, in the
     * proxy, the whole of it. Unused by an instance behind `restProxyUrl`.
     */
    readonly globalRequestsPerSecond: number;
    /**
     * The shared proxy's origin (DISCORD_REST_PROXY_URL) that the bot token's REST goes through; the proxy
     * owns Discord's limits (docs/architecture.md, "Growing past one machine").
     */
    readonly restProxyUrl: string | undefined;
    /** Linked Roles' OAuth2 client (docs/architecture.md, "Linked Roles"); off without DISCORD_CLIENT_SECRET. */
    readonly linkedRoles: { readonly clientId: string; readonly clientSecret: string } | undefined;
  };
  /** Where `npm run discord-proxy` listens (DISCORD_PROXY_HOST, DISCORD_PROXY_PORT). */
  readonly discordProxy: { readonly host: string; readonly port: number };
  readonly platform: {
    readonly apiUrl: string;
    readonly webhooksApiUrl: string;
    readonly timeoutMs: number;
    readonly webhookSecret: string | undefined;
    /** OAuth is off unless all four of its settings are set (docs/architecture.md, "Linking"). */
    readonly oauth:
      | {
          readonly authUrl: string;
          readonly tokenUrl: string;
          readonly clientId: string;
          readonly clientSecret: string;
          readonly scopes: readonly string[];
          readonly tokenRequestFormat: "json" | "form";
        }
      | undefined;
  };
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly publicUrl: string;
    readonly webhookAllowedIps: readonly string[];
    readonly trustedProxies: readonly string[];
    /** Cut a request not received whole in time, an idle socket, an idle kept-alive connection; cap them. */
    readonly requestTimeoutMs: number;
    readonly connectionTimeoutMs: number;
    readonly keepAliveTimeoutMs: number;
    readonly maxConnections: number;
  };
  /** `GET /metrics` is served on a listener of its own (docs/architecture.md, "Running"). */
  readonly metrics: {
    readonly host: string;
    /** Undefined when METRICS_PORT is `off` or 0: no metrics listener. */
    readonly port: number | undefined;
    /** When set, a scrape must send `Authorization: Bearer <token>`. */
    readonly token: string | undefined;
  };
  readonly databaseUrl: string;
  /** SQLITE_MAX_SIZE_MB in bytes: the SQLite file grows no further (undefined: only the disk limits it). */
  readonly sqliteMaxSizeBytes: number | undefined;
  readonly outbox: {
    /**
     * How long a claimed outbox or tier-role row is one instance's before another may take it over, on the
     * database's clock (docs/architecture.md, "Growing past one machine").
     */
    readonly leaseMs: number;
    /** How often an idle worker looks for due rows (OUTBOX_POLL_INTERVAL_MS). */
    readonly pollIntervalMs: number;
  };
  /**
   * How long after the bot was removed from a server its data is deleted (GUILD_DATA_GRACE_DAYS); added back
   * sooner, the server resumes as it was (docs/architecture.md, "When the bot leaves a server").
   */
  readonly guildDataGraceMs: number;
  /** In HTTP interactions mode, how often the bot's server list is read for removals (GUILD_LIST_CHECK_SECONDS). */
  readonly guildListCheckMs: number;
  /** Tournament reminders (docs/architecture.md, "Tournament reminders"). */
  readonly reminders: {
    /** How often each server's open tournaments are read (TOURNAMENT_POLL_SECONDS). */
    readonly pollMs: number;
    /** How long a tournament's scheduled event lasts (EVENT_DURATION_MINUTES; docs/architecture.md, "Tournament events"). */
    readonly eventDurationMs: number;
  };
  readonly dataDir: string;
  readonly encryptionKeys: string | undefined;
  readonly logLevel: Environment["LOG_LEVEL"];
}

/**
 * What a command needs: `start` runs the bot, `migrate` only touches the database, `reseal-secrets` the
 * database and the key ring, `discord-proxy` only the bot token.
 */
export type ConfigPurpose = "start" | "migrate" | "reseal-secrets" | "deploy-commands" | "discord-proxy";

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const requiredFor: Record<ConfigPurpose, readonly (keyof Environment)[]> = {
  start: ["DISCORD_TOKEN", "DISCORD_APPLICATION_ID", "PLATFORM_API_URL"],
  migrate: [],
  "reseal-secrets": [],
  "deploy-commands": ["DISCORD_TOKEN", "DISCORD_APPLICATION_ID"],
  "discord-proxy": ["DISCORD_TOKEN"],
};

/**
 * The `/api/v1` webhook-management base defaults to the origin of the REST base (docs/architecture.md,
 * "Managing the platform webhook").
 */
export function defaultWebhooksApiUrl(platformApiUrl: string): string {
  return `${new URL(platformApiUrl).origin}/api/v1`;
}

export function loadConfig(
  environment: Readonly<Record<string, string | undefined>>,
  purpose: ConfigPurpose = "start",
): Config {
  // Each variable is parsed on its own, so one bad value never hides the problems of another.
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(environmentSchema.shape)) {
    // Blank is unset, as the empty lines of `.env.example` mean: `PORT=` is 3000, never port 0.
    const raw = environment[name];
    const result = schema.safeParse(raw?.trim() === "" ? undefined : raw);
    if (result.success) values[name] = result.data;
    else for (const issue of result.error.issues) problems.push(`${name}: ${issue.message}`);
  }
  for (const name of requiredFor[purpose]) {
    if (values[name] === undefined && !problems.some((problem) => problem.startsWith(`${name}:`))) {
      problems.push(`${name}: required but not set`);
    }
  }
  checkCombinations(values, purpose, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  // Every field parsed, so the record is a complete Environment.
  return toConfig(values as Environment);
}

function checkCombinations(env: Partial<Environment>, purpose: ConfigPurpose, problems: string[]): void {
  // A variable set to a value that did not parse reads as unset here; it is listed once, as malformed, and
  // never again as missing.
  const listed = (name: string) => problems.some((problem) => problem.startsWith(`${name}:`));
  const oauthParts = {
    PLATFORM_AUTH_URL: env.PLATFORM_AUTH_URL,
    PLATFORM_TOKEN_URL: env.PLATFORM_TOKEN_URL,
    PLATFORM_CLIENT_ID: env.PLATFORM_CLIENT_ID,
    PLATFORM_CLIENT_SECRET: env.PLATFORM_CLIENT_SECRET,
  };
  const set = Object.entries(oauthParts).filter(([name, value]) => value !== undefined || listed(name));
  if (set.length > 0 && set.length < 4) {
    for (const [name, value] of Object.entries(oauthParts)) {
      if (value === undefined && !listed(name))
        problems.push(`${name}: required when OAuth is configured (set all four or none)`);
    }
  }
  if (
    env.DISCORD_CLIENT_SECRET !== undefined &&
    env.DISCORD_APPLICATION_ID === undefined &&
    !listed("DISCORD_APPLICATION_ID")
  ) {
    problems.push("DISCORD_APPLICATION_ID: required when DISCORD_CLIENT_SECRET is set (it is the client id)");
  }
  if (purpose === "start" && env.PORT !== undefined && !listed("PORT") && !listed("METRICS_PORT")) {
    const clash = describeListenerClash({
      http: { host: httpHostOf(env), port: env.PORT },
      metrics: { host: env.METRICS_HOST ?? "127.0.0.1", port: env.METRICS_PORT },
    });
    if (clash !== undefined) problems.push(clash);
  }
  if (
    env.PLATFORM_API_URL !== undefined &&
    !new URL(env.PLATFORM_API_URL).pathname.replace(/\/+$/, "").endsWith("/v1")
  ) {
    problems.push("PLATFORM_API_URL: must end in /v1 (the platform's version segment)");
  }
  // Without the key no interaction can be verified, so every one would be refused
  // (docs/architecture.md, "Growing past one machine").
  if (
    purpose === "start" &&
    env.INTERACTIONS_MODE === "http" &&
    env.DISCORD_PUBLIC_KEY === undefined &&
    !listed("DISCORD_PUBLIC_KEY")
  ) {
    problems.push("DISCORD_PUBLIC_KEY: required when INTERACTIONS_MODE=http");
  }
  if (purpose === "start" && env.NODE_ENV === "production") {
    if (env.ENCRYPTION_KEYS === undefined && !listed("ENCRYPTION_KEYS"))
      problems.push("ENCRYPTION_KEYS: required in production (a generated key is for development only)");
    checkProductionSettings(env, problems);
  }
  checkShardIds(env, problems);
  const databaseUrlProblem =
    env.DATABASE_URL === undefined ? undefined : describeDatabaseUrlProblem(env.DATABASE_URL);
  if (databaseUrlProblem !== undefined) problems.push(databaseUrlProblem);
}

/** HOST, else loopback in production (a reverse proxy on the host ends TLS) and every interface elsewhere. */
function httpHostOf(env: Pick<Partial<Environment>, "HOST" | "NODE_ENV">): string {
  return env.HOST ?? (env.NODE_ENV === "production" ? "127.0.0.1" : "0.0.0.0");
}

function toConfig(env: Environment): Config {
  const apiUrl = (env.PLATFORM_API_URL ?? "http://127.0.0.1:4010/v1").replace(/\/+$/, "");
  const { PLATFORM_AUTH_URL: authUrl, PLATFORM_TOKEN_URL: tokenUrl } = env;
  const { PLATFORM_CLIENT_ID: clientId, PLATFORM_CLIENT_SECRET: clientSecret } = env;
  const oauth =
    authUrl !== undefined && tokenUrl !== undefined && clientId !== undefined && clientSecret !== undefined
      ? {
          authUrl: authUrl.replace(/\/+$/, ""),
          tokenUrl: tokenUrl.replace(/\/+$/, ""),
          clientId,
          clientSecret,
          scopes: env.PLATFORM_OAUTH_SCOPES.split(/\s+/).filter((scope) => scope !== ""),
          tokenRequestFormat: env.PLATFORM_TOKEN_REQUEST_FORMAT,
        }
      : undefined;
  return {
    nodeEnv: env.NODE_ENV,
    discord: {
      token: env.DISCORD_TOKEN,
      applicationId: env.DISCORD_APPLICATION_ID,
      apiUrl: env.DISCORD_API_URL,
      publicKey: env.DISCORD_PUBLIC_KEY,
      devGuildId: env.DISCORD_DEV_GUILD_ID,
      interactionsMode: env.INTERACTIONS_MODE,
      shardCount: env.SHARD_COUNT,
      shardIds: env.SHARD_IDS,
      globalRequestsPerSecond: env.DISCORD_GLOBAL_RATE_LIMIT,
      restProxyUrl: env.DISCORD_REST_PROXY_URL,
      linkedRoles:
        env.DISCORD_CLIENT_SECRET === undefined || env.DISCORD_APPLICATION_ID === undefined
          ? undefined
          : { clientId: env.DISCORD_APPLICATION_ID, clientSecret: env.DISCORD_CLIENT_SECRET },
    },
    discordProxy: { host: env.DISCORD_PROXY_HOST, port: env.DISCORD_PROXY_PORT },
    platform: {
      apiUrl,
      webhooksApiUrl: (env.PLATFORM_WEBHOOKS_API_URL ?? defaultWebhooksApiUrl(apiUrl)).replace(/\/+$/, ""),
      timeoutMs: env.PLATFORM_TIMEOUT_MS,
      webhookSecret: env.PLATFORM_WEBHOOK_SECRET,
      oauth,
    },
    http: {
      host: httpHostOf(env),
      port: env.PORT,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
      webhookAllowedIps: env.WEBHOOK_ALLOWED_IPS,
      trustedProxies: env.TRUSTED_PROXIES,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: env.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
    },
    metrics: { host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN },
    databaseUrl: env.DATABASE_URL,
    sqliteMaxSizeBytes:
      env.SQLITE_MAX_SIZE_MB === undefined ? undefined : env.SQLITE_MAX_SIZE_MB * 1024 * 1024,
    outbox: { leaseMs: env.OUTBOX_LEASE_SECONDS * 1000, pollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS },
    guildDataGraceMs: env.GUILD_DATA_GRACE_DAYS * 24 * 60 * 60 * 1000,
    guildListCheckMs: env.GUILD_LIST_CHECK_SECONDS * 1000,
    reminders: {
      pollMs: env.TOURNAMENT_POLL_SECONDS * 1000,
      eventDurationMs: env.EVENT_DURATION_MINUTES * 60_000,
    },
    dataDir: env.DATA_DIR,
    encryptionKeys: env.ENCRYPTION_KEYS,
    logLevel: env.LOG_LEVEL,
  };
}

/** Reads the process environment; everything else receives a `Config`. */
export function loadConfigFromProcess(purpose: ConfigPurpose = "start"): Config {
  return loadConfig(process.env, purpose);
}
