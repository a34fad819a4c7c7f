// The composition root builds the bot's HTTP app from the dependencies it built, and leaves listening to the
// entry point: nothing listens, and every route answers through inject.
import { afterEach, describe, expect, it } from "vitest";
import { buildBot, type BuiltBot } from "../../src/bot/build-bot.js";
import { createLogger } from "../../src/logger.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createApplicationKeys, pingInteraction } from "../http/interaction-fixtures.js";
import { builtBatchedWritesModule } from "../e2e/support/bot-process.js";
import { battleCompletedData, sign, standardEvent } from "../webhooks/support/payloads.js";
import { loadTestBotConfig } from "../support/test-bot-config.js";

describe("buildBot", () => {
  let built: BuiltBot | undefined;
  afterEach(async () => {
    await built?.stop();
    built = undefined;
  });

  it("builds the whole HTTP app in HTTP interactions mode without listening or starting anything", async () => {
    built = await buildHttpModeBot();

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

  it("counts the group commits of SQLite's writer in its metrics", async () => {
    const secret = "build-bot-webhook-secret";
    built = await buildHttpModeBot({ PLATFORM_WEBHOOK_SECRET: secret });
    const bot = built;
    const countOf = async () => {
      const metrics = await bot.metricsHttp.inject({ method: "GET", url: "/metrics" });
      const count = /^arena_database_group_commit_writes_count (\d+)$/m.exec(metrics.body)?.[1];
      const sum = /^arena_database_group_commit_writes_sum (\d+)$/m.exec(metrics.body)?.[1];
      const seconds = /^arena_database_group_commit_seconds_sum (\S+)$/m.exec(metrics.body)?.[1];
      return { count: Number(count), sum: Number(sum), seconds: Number(seconds) };
    };
    const before = await countOf();

    // Three deliveries asked for at once: one group commit, or more if the thread took them apart.
    const answers = await Promise.all(
      [1, 2, 3].map((index) => {
        const body = standardEvent({
          id: `evt_commit_${String(index)}`,
          event: "battle.completed",
          created: new Date().toISOString(),
          data: battleCompletedData({ id: `bat_commit_${String(index)}` }),
        });
        return bot.http.inject({
          method: "POST",
          url: "/webhooks/platform",
          headers: { "content-type": "application/json", "x-service-signature": sign(body, secret) },
          payload: body,
        });
      }),
    );
    expect(answers.map((answer) => answer.json<{ status: string }>().status)).toEqual([
      "accepted",
      "accepted",
      "accepted",
    ]);

    const after = await countOf();
    // Each delivery is one write of a group commit, and each commit is counted once, with its time.
    expect(after.sum - before.sum).toBe(3);
    expect(after.count - before.count).toBeGreaterThanOrEqual(1);
    expect(after.count - before.count).toBeLessThanOrEqual(3);
    expect(after.seconds).toBeGreaterThan(before.seconds);
  });
});

/** A bot in HTTP interactions mode on SQLite in memory, built but not started; `settings` adds to its own. */
function buildHttpModeBot(settings: Record<string, string> = {}): Promise<BuiltBot> {
  const config = loadTestBotConfig({
    DATABASE_URL: ":memory:",
    ENCRYPTION_KEYS: generateKeySpec("test"),
    INTERACTIONS_MODE: "http",
    DISCORD_PUBLIC_KEY: createApplicationKeys().publicKeyHex,
    ...settings,
  });
  return buildBot(config, createLogger({ level: "silent" }), {
    unreadyBeforeStopMs: 0,
    batchedWritesModule: builtBatchedWritesModule(),
  });
}
