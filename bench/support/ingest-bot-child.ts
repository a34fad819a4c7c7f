// The bot's receiver for bench/webhook-ingest.ts, in its own process: built by the composition root from its
// settings, as src/main.ts builds it, with a SQLite file on disk (synchronous=FULL); neither the gateway nor the
// outbox runs. A few channels subscribe to the event's kind, so every event is routed and enqueued as in
// production.
import { join } from "node:path";
import { buildBot } from "../../src/bot/build-bot.js";
import { systemClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { serveTarget, type CommitTotals } from "./ingest-target.js";

export interface IngestBotRequest {
  /** Holds the SQLite file, `bot.sqlite`; the bench owns and removes it. */
  readonly dataDir: string;
  readonly secret: string;
}

const { dataDir, secret } = JSON.parse(process.argv[2] ?? "{}") as IngestBotRequest;
const config = loadConfig(
  {
    NODE_ENV: "production",
    DISCORD_TOKEN: "bench-bot-token",
    DISCORD_APPLICATION_ID: "100000000000000000",
    PLATFORM_API_URL: "http://127.0.0.1:9/v1",
    PLATFORM_WEBHOOK_SECRET: secret,
    // Production refuses an http PUBLIC_URL; the bench posts to the receiver directly.
    PUBLIC_URL: "https://bot.example.test",
    DATABASE_URL: `file:${join(dataDir, "bot.sqlite")}`,
    DATA_DIR: dataDir,
    ENCRYPTION_KEYS: generateKeySpec("bench"),
  },
  "start",
);
const bot = await buildBot(config, createLogger({ level: "silent" }), { gateway: false });
for (const channel of ["1", "2", "3"]) {
  await createSubscription(bot.deps.db, {
    guildId: "100000000000000001",
    channelId: `20000000000000000${channel}`,
    eventKinds: ["battle.completed"],
    filters: {},
    createdBy: "300000000000000001",
    now: systemClock.now(),
  });
}
// Its group commits as the bot's own metrics count them, read as Prometheus would (GET /metrics).
async function readCommits(): Promise<CommitTotals> {
  const { body } = await bot.metricsHttp.inject({ method: "GET", url: "/metrics" });
  const valueOf = (series: string) => {
    const value = new RegExp(`^${series} (\\S+)$`, "m").exec(body)?.[1];
    if (value === undefined) throw new Error(`The bot's metrics have no ${series}`);
    return Number(value);
  };
  return {
    count: valueOf("arena_database_group_commit_writes_count"),
    writes: valueOf("arena_database_group_commit_writes_sum"),
    seconds: valueOf("arena_database_group_commit_seconds_sum"),
  };
}
await serveTarget(bot.http, () => bot.stop(), readCommits);
