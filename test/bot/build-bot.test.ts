// The composition root builds the bot's HTTP app from the dependencies it built, and leaves listening to the
// entry point: nothing listens, and every route answers through inject.
import { afterEach, describe, expect, it } from "vitest";
import { buildBot, type BuiltBot } from "../../src/bot/build-bot.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createApplicationKeys, pingInteraction } from "../http/interaction-fixtures.js";
import { builtBatchedWritesModule } from "../e2e/support/bot-process.js";

describe("buildBot", () => {
  let built: BuiltBot | undefined;
  afterEach(async () => {
    await built?.stop();
    built = undefined;
  });

  it("builds the whole HTTP app in HTTP interactions mode without listening or starting anything", async () => {
    const config = loadConfig(
      {
        NODE_ENV: "test",
        DISCORD_TOKEN: "test-bot-token",
        DISCORD_APPLICATION_ID: "1300000000000000000",
        PLATFORM_API_URL: "http://127.0.0.1:9/v1",
        DATABASE_URL: ":memory:",
        ENCRYPTION_KEYS: generateKeySpec("test"),
        INTERACTIONS_MODE: "http",
        DISCORD_PUBLIC_KEY: createApplicationKeys().publicKeyHex,
      },
      "start",
    );
    built = await buildBot(config, createLogger({ level: "silent" }), {
      unreadyBeforeStopMs: 0,
      batchedWritesModule: builtBatchedWritesModule(),
    });

    expect(built.http.server.listening).toBe(false);
    expect(built.client).toBeUndefined();
    expect(built.outbox.state).toBe("idle");
    const ready = await built.http.inject({ method: "GET", url: "/readyz" });
    expect(ready.json()).toEqual({ status: "ready", checks: { interactions: "ok", database: "ok" } });
    const unsigned = await built.http.inject({
      method: "POST",
      url: "/interactions",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(pingInteraction),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await built.http.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect(built.metricsHttp.server.listening).toBe(false);
    const metrics = await built.metricsHttp.inject({ method: "GET", url: "/metrics" });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain("arena_outbox_pending 0");
  });
});
