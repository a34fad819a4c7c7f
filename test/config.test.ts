import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { minimal, problemsOf } from "./config/support/config-problems.js";

describe("loadConfig", () => {
  it("lists every missing required variable by name at once", () => {
    const problems = problemsOf(() => loadConfig({}, "start"));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DISCORD_TOKEN: required/),
        expect.stringMatching(/^DISCORD_APPLICATION_ID: required/),
        expect.stringMatching(/^PLATFORM_API_URL: required/),
      ]),
    );
  });

  it("applies the documented defaults", () => {
    const config = loadConfig(minimal);
    expect(config.http).toMatchObject({ host: "0.0.0.0", port: 3000, publicUrl: "http://localhost:3000" });
    expect(config.databaseUrl).toBe("file:./data/bot.sqlite");
    expect(config.platform.webhooksApiUrl).toBe("https://platform.example/api/v1");
    expect(config.platform.oauth).toBeUndefined();
    expect(config.logLevel).toBe("info");
    expect(config.discord.interactionsMode).toBe("gateway");
  });

  it("reads a blank setting as unset, as .env.example's empty lines mean: its default, never 0 or a refusal", () => {
    const blank = [
      "PORT",
      "PLATFORM_TIMEOUT_MS",
      "LOG_LEVEL",
      "NODE_ENV",
      "INTERACTIONS_MODE",
      "DATABASE_URL",
    ];
    const config = loadConfig({ ...minimal, ...Object.fromEntries(blank.map((name) => [name, " "])) });
    expect(config.http).toMatchObject({ port: 3000, publicUrl: "http://localhost:3000" });
    expect(config.platform.timeoutMs).toBe(10_000);
    expect(config.logLevel).toBe("info");
    expect(config.nodeEnv).toBe("development");
    expect(config.discord.interactionsMode).toBe("gateway");
    expect(config.databaseUrl).toBe("file:./data/bot.sqlite");
  });

  it("serves metrics on their own listener, on 127.0.0.1:9464 unless told otherwise", () => {
    expect(loadConfig(minimal).metrics).toEqual({ host: "127.0.0.1", port: 9464, token: undefined });
    const exposed = loadConfig({
      ...minimal,
      METRICS_HOST: "0.0.0.0",
      METRICS_PORT: "9100",
      METRICS_TOKEN: "a-long-enough-scrape-token",
    });
    expect(exposed.metrics).toEqual({ host: "0.0.0.0", port: 9100, token: "a-long-enough-scrape-token" });
    expect(loadConfig({ ...minimal, METRICS_PORT: "off" }).metrics.port).toBeUndefined();
    expect(loadConfig({ ...minimal, METRICS_PORT: "0" }).metrics.port).toBeUndefined();
  });

  it("refuses a metrics port or token it cannot use", () => {
    const problems = problemsOf(() =>
      loadConfig({ ...minimal, METRICS_PORT: "metrics", METRICS_TOKEN: "short" }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^METRICS_PORT: must be a port number/),
      "METRICS_TOKEN: must be at least 16 characters",
    ]);
    expect(problemsOf(() => loadConfig({ ...minimal, METRICS_PORT: "65536" }))).toEqual([
      "METRICS_PORT: must be at most 65535",
    ]);
    // Sent as one word after `Bearer`: a token with a space in it would be refused on every scrape.
    expect(problemsOf(() => loadConfig({ ...minimal, METRICS_TOKEN: "aaaa bbbb cccc dddd" }))).toEqual([
      "METRICS_TOKEN: must not contain spaces: scrapes send it as `Authorization: Bearer <token>`",
    ]);
  });

  it("refuses, to start, a metrics port the HTTP server takes on the same addresses", () => {
    // Outside production the HTTP server listens on every interface, the metrics on 127.0.0.1.
    expect(problemsOf(() => loadConfig({ ...minimal, PORT: "9464" }))).toEqual([
      "METRICS_PORT: 9464 is PORT too, on the same addresses; the metrics listener needs a port of its own " +
        "(or METRICS_PORT=off)",
    ]);
    const apart = { ...minimal, PORT: "8080", METRICS_PORT: "8080", HOST: "10.0.0.5" };
    expect(loadConfig(apart).http.port).toBe(8080);
    expect(problemsOf(() => loadConfig({ ...apart, METRICS_HOST: "10.0.0.5" }))).toHaveLength(1);
    expect(loadConfig({ ...minimal, PORT: "9464", METRICS_PORT: "off" }).http.port).toBe(9464);
    // `localhost` is 127.0.0.1, where the metrics listen by default, and ::1; 127.0.0.1 and ::1 are apart.
    expect(problemsOf(() => loadConfig({ ...minimal, HOST: "localhost", PORT: "9464" }))).toEqual([
      "METRICS_PORT: 9464 is PORT too, on the same addresses; the metrics listener needs a port of its own " +
        "(or METRICS_PORT=off)",
    ]);
    expect(
      problemsOf(() => loadConfig({ ...minimal, HOST: "localhost", PORT: "9464", METRICS_HOST: "::1" })),
    ).toHaveLength(1);
    expect(loadConfig({ ...minimal, HOST: "127.0.0.1", PORT: "9464", METRICS_HOST: "::1" }).http.port).toBe(
      9464,
    );
    // Only the start listens: a migration with the same settings runs.
    expect(loadConfig({ ...minimal, PORT: "9464" }, "migrate").http.port).toBe(9464);
  });

  it("derives PUBLIC_URL from PORT and keeps an explicit webhooks base", () => {
    const config = loadConfig({
      ...minimal,
      PORT: "8080",
      PLATFORM_WEBHOOKS_API_URL: "https://hooks.example/api/v1/",
    });
    expect(config.http.publicUrl).toBe("http://localhost:8080");
    expect(config.platform.webhooksApiUrl).toBe("https://hooks.example/api/v1");
  });

  it("turns OAuth on only when all four OAuth settings are present", () => {
    const oauth = {
      PLATFORM_AUTH_URL: "https://platform.example",
      PLATFORM_TOKEN_URL: "https://platform.example",
      PLATFORM_CLIENT_ID: "client",
      PLATFORM_CLIENT_SECRET: "s3cret",
    };
    const config = loadConfig({ ...minimal, ...oauth, PLATFORM_TOKEN_REQUEST_FORMAT: "form" });
    expect(config.platform.oauth).toMatchObject({
      clientId: "client",
      scopes: ["read:profile", "write:battles"],
      tokenRequestFormat: "form",
    });

    const problems = problemsOf(() => loadConfig({ ...minimal, PLATFORM_CLIENT_ID: "client" }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PLATFORM_AUTH_URL: required when OAuth/),
        expect.stringMatching(/^PLATFORM_CLIENT_SECRET: required when OAuth/),
      ]),
    );
  });

  it("turns Linked Roles on with DISCORD_CLIENT_SECRET, the application id being the client id", () => {
    expect(loadConfig(minimal).discord.linkedRoles).toBeUndefined();
    expect(loadConfig({ ...minimal, DISCORD_CLIENT_SECRET: "discord-secret" }).discord.linkedRoles).toEqual({
      clientId: "123456789012345678",
      clientSecret: "discord-secret",
    });
    const problems = problemsOf(() => loadConfig({ DISCORD_CLIENT_SECRET: "discord-secret" }, "migrate"));
    expect(problems).toEqual([
      expect.stringMatching(/^DISCORD_APPLICATION_ID: required when DISCORD_CLIENT_SECRET/),
    ]);
    expect(problems.join("\n")).not.toContain("discord-secret");
  });

  it("rejects malformed values with the variable's name and never echoes secret values", () => {
    const problems = problemsOf(() =>
      loadConfig({
        ...minimal,
        DISCORD_TOKEN: "super-secret-token",
        PORT: "not-a-port",
        PLATFORM_API_URL: "https://platform.example/v2",
        DISCORD_APPLICATION_ID: "abc",
        LOG_LEVEL: "loud",
        SHARD_COUNT: "many",
      }),
    );
    const names = problems.map((problem) => problem.split(":")[0]);
    expect(names).toEqual(
      expect.arrayContaining([
        "PORT",
        "PLATFORM_API_URL",
        "DISCORD_APPLICATION_ID",
        "LOG_LEVEL",
        "SHARD_COUNT",
      ]),
    );
    expect(problems.join("\n")).not.toContain("super-secret-token");
  });

  it("binds the plain-HTTP port to loopback in production unless HOST says otherwise", () => {
    const production = {
      ...minimal,
      NODE_ENV: "production",
      ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
      PUBLIC_URL: "https://bot.example.com",
    };
    expect(loadConfig(production).http.host).toBe("127.0.0.1");
    expect(loadConfig({ ...production, HOST: "" }).http.host).toBe("127.0.0.1");
    expect(loadConfig({ ...production, HOST: "0.0.0.0" }).http.host).toBe("0.0.0.0");
    expect(loadConfig({ ...minimal, NODE_ENV: "development" }).http.host).toBe("0.0.0.0");
  });

  it("requires a public key for HTTP interactions and encryption keys in production", () => {
    const problems = problemsOf(() =>
      loadConfig({ ...minimal, INTERACTIONS_MODE: "http", NODE_ENV: "production" }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DISCORD_PUBLIC_KEY: required/),
        expect.stringMatching(/^ENCRYPTION_KEYS: required in production/),
      ]),
    );
  });

  it("starts in HTTP interactions mode with the application's public key", () => {
    const publicKey = "a".repeat(64);
    const config = loadConfig({ ...minimal, INTERACTIONS_MODE: "http", DISCORD_PUBLIC_KEY: publicKey });
    expect(config.discord).toMatchObject({ interactionsMode: "http", publicKey });
  });

  it("names a malformed public key once, as malformed rather than missing", () => {
    const problems = problemsOf(() =>
      loadConfig({ ...minimal, INTERACTIONS_MODE: "http", DISCORD_PUBLIC_KEY: "not-a-key" }),
    );
    expect(problems).toEqual([expect.stringMatching(/^DISCORD_PUBLIC_KEY: must be .*64 hex characters/)]);
  });

  it("names a malformed setting that others depend on once, as malformed, never also as required", () => {
    const production = { ...minimal, NODE_ENV: "production", PUBLIC_URL: "https://bot.example" };
    expect(problemsOf(() => loadConfig({ ...production, ENCRYPTION_KEYS: "k1:c2hvcnQ=" }))).toEqual([
      'ENCRYPTION_KEYS: entry 1 (kid "k1"): the key must decode to 32 bytes, got 5',
    ]);
    expect(
      problemsOf(() => loadConfig({ ...minimal, DISCORD_APPLICATION_ID: "abc", DISCORD_CLIENT_SECRET: "s" })),
    ).toEqual(["DISCORD_APPLICATION_ID: must be a Discord snowflake"]);
    const oauth = {
      PLATFORM_AUTH_URL: "not a url",
      PLATFORM_TOKEN_URL: "https://platform.example",
      PLATFORM_CLIENT_ID: "client",
    };
    // The malformed one counts as set, so the one left unset is named in the same run.
    expect(problemsOf(() => loadConfig({ ...minimal, ...oauth }))).toEqual([
      expect.stringMatching(/^PLATFORM_AUTH_URL: /),
      "PLATFORM_CLIENT_SECRET: required when OAuth is configured (set all four or none)",
    ]);
    // An address without its scheme is named with the rest, not thrown as a bare TypeError from a later
    // check.
    expect(problemsOf(() => loadConfig({ ...minimal, PUBLIC_URL: "bot.example.com", PORT: "abc" }))).toEqual([
      "PUBLIC_URL: must be a full URL starting with http:// or https://",
      "PORT: must be a port number",
    ]);
    expect(problemsOf(() => loadConfig({ ...minimal, PLATFORM_AUTH_URL: "not a url" }))).toEqual([
      expect.stringMatching(/^PLATFORM_AUTH_URL: /),
      "PLATFORM_TOKEN_URL: required when OAuth is configured (set all four or none)",
      "PLATFORM_CLIENT_ID: required when OAuth is configured (set all four or none)",
      "PLATFORM_CLIENT_SECRET: required when OAuth is configured (set all four or none)",
    ]);
  });

  it("parses lists and shard counts", () => {
    const config = loadConfig({
      ...minimal,
      WEBHOOK_ALLOWED_IPS: "platform, 10.0.0.0/8",
      TRUSTED_PROXIES: "",
      SHARD_COUNT: "4",
    });
    expect(config.http.webhookAllowedIps).toEqual(["platform", "10.0.0.0/8"]);
    expect(config.http.trustedProxies).toEqual([]);
    expect(config.discord.shardCount).toBe(4);
    expect(loadConfig({ ...minimal, SHARD_COUNT: "auto" }).discord.shardCount).toBe("auto");
  });

  it("lists a malformed address in WEBHOOK_ALLOWED_IPS or TRUSTED_PROXIES with the other problems", () => {
    // Before, these were read only when the HTTP routes were registered, after the migrations had run, and the
    // start failed with a stack trace instead of the list of invalid settings.
    const problems = problemsOf(() =>
      loadConfig({
        ...minimal,
        WEBHOOK_ALLOWED_IPS: "platform, 10.0.0.0/33",
        TRUSTED_PROXIES: "proxy",
        PORT: "x",
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^PORT: /),
      'WEBHOOK_ALLOWED_IPS: "10.0.0.0/33" is not an IP address, a CIDR range or one of platform, loopback, linklocal, uniquelocal',
      'TRUSTED_PROXIES: "proxy" is not an IP address, a CIDR range or one of platform, loopback, linklocal, uniquelocal',
    ]);
    expect(problemsOf(() => loadConfig({ WEBHOOK_ALLOWED_IPS: "::1/129" }, "migrate"))).toEqual([
      expect.stringMatching(/^WEBHOOK_ALLOWED_IPS: "::1\/129" is not/),
    ]);
  });

  it("needs no Discord settings to run migrations", () => {
    expect(loadConfig({}, "migrate").databaseUrl).toBe("file:./data/bot.sqlite");
  });
});
