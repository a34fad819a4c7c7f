import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { readBotRestOptions, unpacedRequestsPerSecond } from "../../src/discord/bot-rest-options.js";
import { minimal, problemsOf } from "./support/config-problems.js";

describe("the shared Discord REST proxy's settings", () => {
  it("sends the bot's REST to Discord, paced to its share, when no proxy is set", () => {
    const config = loadConfig({
      ...minimal,
      DISCORD_API_URL: "http://127.0.0.1:5050/api",
      DISCORD_GLOBAL_RATE_LIMIT: "25",
    });
    expect(config.discord.restProxyUrl).toBeUndefined();
    expect(readBotRestOptions(config.discord)).toEqual({
      api: "http://127.0.0.1:5050/api",
      globalRequestsPerSecond: 25,
      timeout: undefined,
    });
  });

  it("sends the bot's REST through DISCORD_REST_PROXY_URL unpaced, whatever its own share says", () => {
    const config = loadConfig({
      ...minimal,
      DISCORD_REST_PROXY_URL: "http://10.0.0.5:8080/",
      DISCORD_GLOBAL_RATE_LIMIT: "25",
    });
    expect(config.discord.restProxyUrl).toBe("http://10.0.0.5:8080");
    expect(readBotRestOptions(config.discord)).toEqual({
      api: "http://10.0.0.5:8080/api",
      globalRequestsPerSecond: unpacedRequestsPerSecond,
      timeout: 60_000,
    });
  });

  it("refuses a proxy URL with a path, since the bot adds /api/v10 itself", () => {
    expect(
      problemsOf(() => loadConfig({ ...minimal, DISCORD_REST_PROXY_URL: "http://127.0.0.1:8080/api" })),
    ).toEqual(["DISCORD_REST_PROXY_URL: must be the proxy's origin alone, like http://127.0.0.1:8080"]);
    expect(problemsOf(() => loadConfig({ ...minimal, DISCORD_REST_PROXY_URL: "proxy:8080" }))).toHaveLength(
      1,
    );
  });

  it("has the proxy listen on 127.0.0.1:8080 by default, and needs only the bot token to run it", () => {
    expect(loadConfig({ DISCORD_TOKEN: "bot-token" }, "discord-proxy").discordProxy).toEqual({
      host: "127.0.0.1",
      port: 8080,
    });
    expect(
      loadConfig(
        { DISCORD_TOKEN: "t", DISCORD_PROXY_HOST: "0.0.0.0", DISCORD_PROXY_PORT: "9090" },
        "discord-proxy",
      ).discordProxy,
    ).toEqual({ host: "0.0.0.0", port: 9090 });
    expect(problemsOf(() => loadConfig({}, "discord-proxy"))).toEqual([
      "DISCORD_TOKEN: required but not set",
    ]);
    expect(
      problemsOf(() => loadConfig({ DISCORD_TOKEN: "t", DISCORD_PROXY_PORT: "0" }, "discord-proxy")),
    ).toEqual(["DISCORD_PROXY_PORT: must be a port number from 1 to 65535"]);
  });
});

describe("Discord's global rate limit", () => {
  it("reads this instance's share of Discord's global rate limit, 50 by default", () => {
    expect(loadConfig(minimal).discord.globalRequestsPerSecond).toBe(50);
    expect(loadConfig({ ...minimal, DISCORD_GLOBAL_RATE_LIMIT: "25" }).discord.globalRequestsPerSecond).toBe(
      25,
    );
    expect(problemsOf(() => loadConfig({ ...minimal, DISCORD_GLOBAL_RATE_LIMIT: "0" }))).toEqual([
      "DISCORD_GLOBAL_RATE_LIMIT: must be at least 1 request per second",
    ]);
    expect(problemsOf(() => loadConfig({ ...minimal, DISCORD_GLOBAL_RATE_LIMIT: "fast" }))).toEqual([
      "DISCORD_GLOBAL_RATE_LIMIT: must be a whole number of requests per second",
    ]);
  });
});
