import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, loadConfigFromProcess } from "../../src/config.js";
import { createGatewayClient } from "../../src/discord/create-gateway-client.js";
import { planGatewayShards } from "../../src/discord/gateway-shards.js";

const minimal = {
  DISCORD_TOKEN: "bot-token",
  DISCORD_APPLICATION_ID: "123456789012345678",
  PLATFORM_API_URL: "https://platform.example/v1",
};

const discordOf = (env: Record<string, string>) => loadConfig({ ...minimal, ...env }).discord;

describe("planGatewayShards", () => {
  it("leaves the gateway client unsharded without SHARD_COUNT", () => {
    expect(planGatewayShards(discordOf({}))).toEqual({});
  });

  it("runs every shard of a numeric SHARD_COUNT, or the SHARD_IDS slice of it", () => {
    expect(planGatewayShards(discordOf({ SHARD_COUNT: "3" }))).toEqual({ shards: [0, 1, 2], shardCount: 3 });
    expect(planGatewayShards(discordOf({ SHARD_COUNT: "4", SHARD_IDS: "3,1" }))).toEqual({
      shards: [1, 3],
      shardCount: 4,
    });
  });

  it("leaves the count to Discord's recommendation for auto", () => {
    expect(planGatewayShards(discordOf({ SHARD_COUNT: "auto" }))).toEqual({ shards: "auto" });
  });
});

describe("SHARD_COUNT in the process environment", () => {
  const saved = { ...process.env };
  // Put back key by key: process.env itself stays (replaced by a plain object, it no longer moves the time
  // zone on TZ, which a later file in this worker sets: test/api/utc-times.test.ts failed after this one).
  afterEach(() => {
    for (const name of Object.keys(process.env))
      if (!(name in saved)) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, saved);
  });

  // discord.js's Client read SHARD_COUNT itself and threw on "auto" or "" (as .env.example leaves it); the
  // gateway client takes the shards only from its options.
  it.each(["auto", "", "1"])(
    "does not stop the gateway client from being built with SHARD_COUNT=%j",
    (value) => {
      // Only these settings: what the host's environment holds (SHARD_IDS, a DATABASE_URL) must not decide it.
      for (const name of Object.keys(process.env))
        if (name !== "TZ") Reflect.deleteProperty(process.env, name);
      Object.assign(process.env, minimal, { SHARD_COUNT: value });
      const config = loadConfigFromProcess("start");
      const client = createGatewayClient({ apiUrl: undefined, ...planGatewayShards(config.discord) });
      expect(client.options).toEqual(
        value === "auto" ? { shards: "auto", shardCount: undefined } : { shards: [0], shardCount: 1 },
      );
      void client.destroy();
    },
  );
});
