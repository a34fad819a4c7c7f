// Production refuses to start with settings that are only safe on a developer's machine (README, "Settings"),
// and lists every one at once; development and test keep their lenient defaults.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { isLoopbackHost } from "../../src/config/production-settings.js";

const safeProduction = {
  NODE_ENV: "production",
  DISCORD_TOKEN: "bot-token",
  DISCORD_APPLICATION_ID: "123456789012345678",
  PLATFORM_API_URL: "https://platform.example/v1",
  PUBLIC_URL: "https://bot.example.test",
  ENCRYPTION_KEYS: "k1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  PLATFORM_WEBHOOK_SECRET: "s".repeat(32),
};

function problemsOf(environment: Record<string, string>): readonly string[] {
  try {
    loadConfig(environment, "start");
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("production settings", () => {
  it("starts with an https PUBLIC_URL, a 32-character webhook secret and metrics on loopback", () => {
    const config = loadConfig(safeProduction, "start");
    expect(config.http.publicUrl).toBe("https://bot.example.test");
    expect(config.metrics).toEqual({ host: "127.0.0.1", port: 9464, token: undefined });
    expect(config.platform.webhookSecret).toBe("s".repeat(32));
  });

  it("refuses an unset PUBLIC_URL instead of using http://localhost", () => {
    const { PUBLIC_URL: _, ...unset } = safeProduction;
    expect(problemsOf(unset)).toEqual([expect.stringMatching(/^PUBLIC_URL: required in production/)]);
  });

  it("refuses an http PUBLIC_URL", () => {
    expect(problemsOf({ ...safeProduction, PUBLIC_URL: "http://bot.example.test" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must start with https:\/\/ in production/),
    ]);
  });

  it.each(["PLATFORM_API_URL", "PLATFORM_WEBHOOKS_API_URL", "PLATFORM_AUTH_URL", "PLATFORM_TOKEN_URL"])(
    "refuses %s over http to another host, and takes it over http to this host",
    (name) => {
      const withOAuth = {
        ...safeProduction,
        PLATFORM_AUTH_URL: "https://platform.example",
        PLATFORM_TOKEN_URL: "https://platform.example",
        PLATFORM_CLIENT_ID: "bot-client",
        PLATFORM_CLIENT_SECRET: "bot-client-secret",
      };
      expect(() => loadConfig(withOAuth, "start")).not.toThrow();
      expect(problemsOf({ ...withOAuth, [name]: "http://platform.example/v1" })).toEqual([
        `${name}: must start with https:// in production (members' tokens, API keys or sign-ins travel to ` +
          "it); http:// is only for a platform on this host",
      ]);
      for (const local of ["http://127.0.0.1:4010/v1", "http://localhost:4010/v1", "http://[::1]:4010/v1"])
        expect(() => loadConfig({ ...withOAuth, [name]: local }, "start")).not.toThrow();
      // The OAuth client takes http to those names only (src/oauth/token-endpoint.ts).
      expect(problemsOf({ ...withOAuth, [name]: "http://127.0.0.2:4010/v1" })).toHaveLength(1);
      const development = { ...withOAuth, NODE_ENV: "development", [name]: "http://platform.example/v1" };
      expect(() => loadConfig(development, "start")).not.toThrow();
    },
  );

  it.each([
    "https://bot.example.test/?instance=1",
    "https://bot.example.test/#top",
    "https://bot.example.test/?",
  ])("refuses a PUBLIC_URL with a query or fragment, %s, in every environment", (value) => {
    const expected = [expect.stringMatching(/^PUBLIC_URL: must be the bot's address with no query/)];
    expect(problemsOf({ ...safeProduction, PUBLIC_URL: value })).toEqual(expected);
    expect(problemsOf({ ...safeProduction, NODE_ENV: "development", PUBLIC_URL: value })).toEqual(expected);
  });

  it.each(["0.0.0.0", "::", "10.0.0.5", "metrics.internal"])(
    "refuses METRICS_HOST=%s without METRICS_TOKEN",
    (host) => {
      expect(problemsOf({ ...safeProduction, METRICS_HOST: host })).toEqual([
        `METRICS_HOST: ${host} is reachable from other hosts, so production needs METRICS_TOKEN too ` +
          "(or METRICS_HOST=127.0.0.1, or METRICS_PORT=off)",
      ]);
    },
  );

  it("lets metrics leave the host with a token, or not listen at all", () => {
    const withToken = {
      ...safeProduction,
      METRICS_HOST: "0.0.0.0",
      METRICS_TOKEN: "a-long-enough-scrape-token",
    };
    expect(loadConfig(withToken, "start").metrics.host).toBe("0.0.0.0");
    const off = { ...safeProduction, METRICS_HOST: "0.0.0.0", METRICS_PORT: "off" };
    expect(loadConfig(off, "start").metrics.port).toBeUndefined();
  });

  it("tells loopback hosts from the others", () => {
    for (const host of [
      "127.0.0.1",
      "127.1.2.3",
      "localhost",
      "LOCALHOST",
      "::1",
      "[::1]",
      "::ffff:127.0.0.1",
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "128.0.0.1", "localhost.example", "127.0.0.1.example", "10.0.0.1"])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("refuses a PLATFORM_WEBHOOK_SECRET under 32 characters without showing it", () => {
    const problems = problemsOf({ ...safeProduction, PLATFORM_WEBHOOK_SECRET: "x7Q" });
    expect(problems).toEqual([
      "PLATFORM_WEBHOOK_SECRET: must be at least 32 characters in production (it is 3); " +
        "generate one with: openssl rand -hex 32",
    ]);
    expect(problems.join("\n")).not.toContain("x7Q");
    expect(problemsOf({ ...safeProduction, PLATFORM_WEBHOOK_SECRET: "s".repeat(31) })).toHaveLength(1);
  });

  it("lists every unsafe setting at once", () => {
    const { PUBLIC_URL: _, ENCRYPTION_KEYS: __, ...rest } = safeProduction;
    const problems = problemsOf({ ...rest, METRICS_HOST: "0.0.0.0", PLATFORM_WEBHOOK_SECRET: "s" });
    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "ENCRYPTION_KEYS",
      "METRICS_HOST",
      "PLATFORM_WEBHOOK_SECRET",
      "PUBLIC_URL",
    ]);
    const insecureUrl = problemsOf({
      ...safeProduction,
      PUBLIC_URL: "http://bot.example.test",
      METRICS_HOST: "0.0.0.0",
      PLATFORM_WEBHOOK_SECRET: "s",
    });
    expect(insecureUrl.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "METRICS_HOST",
      "PLATFORM_WEBHOOK_SECRET",
      "PUBLIC_URL",
    ]);
  });

  it.each(["development", "test"])("lets %s keep its lenient defaults", (nodeEnv) => {
    const config = loadConfig(
      {
        NODE_ENV: nodeEnv,
        DISCORD_TOKEN: "bot-token",
        DISCORD_APPLICATION_ID: "123456789012345678",
        PLATFORM_API_URL: "http://127.0.0.1:4010/v1",
        METRICS_HOST: "0.0.0.0",
        PLATFORM_WEBHOOK_SECRET: "s",
      },
      "start",
    );
    expect(config.http.publicUrl).toBe("http://localhost:3000");
    expect(config.metrics.host).toBe("0.0.0.0");
    expect(config.platform.webhookSecret).toBe("s");
    expect(
      loadConfig({ ...safeProduction, NODE_ENV: nodeEnv, PUBLIC_URL: "http://127.0.0.1:3000" }).http
        .publicUrl,
    ).toBe("http://127.0.0.1:3000");
  });

  it("checks only what starting the bot uses: migrations run with production's other settings unset", () => {
    expect(loadConfig({ NODE_ENV: "production", PLATFORM_WEBHOOK_SECRET: "s" }, "migrate").nodeEnv).toBe(
      "production",
    );
  });
});
