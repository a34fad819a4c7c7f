/**
 * Durable webhook ingest (docs/architecture.md, "Performance targets"): the bot's receiver (verify, validate,
 * dedupe, route, enqueue, fsync'd commit on a SQLite file, then ack) against a bare Fastify route returning
 * 200, same machine, same load: autocannon (bench/support/autocannon-worker.ts) over 20 connections for a few
 * seconds each, with bodies signed before the run, so the generator does not cap the bare route. Targets:
 * ratio ≥ 0.5 and p99 ack ≤ 20 ms. Run: npx tsx bench/webhook-ingest.ts [seconds]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile } from "node:child_process";
import Fastify, { type FastifyInstance } from "fastify";
import { buildBot } from "../src/bot/build-bot.js";
import { systemClock } from "../src/clock.js";
import { loadConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { generateKeySpec } from "../src/secrets/key-ring.js";
import { createSubscription } from "../src/store/subscriptions.js";
import type { LoadRequest, LoadResult } from "./support/autocannon-worker.js";

const seconds = Number(process.argv[2] ?? 5);
const connections = 20;
const secret = "bench-operator-secret";
const targetRatio = 0.5;
/** Enough signed bodies that no run sends one twice: well above the bare route's rate here. */
const bodies = seconds * 40_000;

function loadAgainst(url: string, runId: string): Promise<LoadResult> {
  const request: LoadRequest = { url, secret, connections, durationMs: seconds * 1000, runId, bodies };
  const script = new URL("./support/autocannon-worker.ts", import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, JSON.stringify(request)],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error === null) resolve(JSON.parse(stdout) as LoadResult);
        else reject(new Error("the load generator failed", { cause: error }));
      },
    );
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: "127.0.0.1", port: 0 });
}

const bare = Fastify();
bare.post("/webhooks/platform", () => ({ status: "accepted" }));
const bareUrl = await listen(bare);
const baseline = await loadAgainst(`${bareUrl}/webhooks/platform`, "bare");
await bare.close();

const folder = await mkdtemp(join(tmpdir(), "arena-bench-"));
// The bot's own HTTP app, as buildBot builds it from its settings; neither the gateway nor the outbox runs.
const config = loadConfig(
  {
    NODE_ENV: "production",
    DISCORD_TOKEN: "bench-bot-token",
    DISCORD_APPLICATION_ID: "100000000000000000",
    PLATFORM_API_URL: "http://127.0.0.1:9/v1",
    PLATFORM_WEBHOOK_SECRET: secret,
    DATABASE_URL: `file:${join(folder, "bot.sqlite")}`,
    DATA_DIR: folder,
    ENCRYPTION_KEYS: generateKeySpec("bench"),
  },
  "start",
);
const bot = await buildBot(config, createLogger({ level: "silent" }), { gateway: false });
// A few subscribed channels, so every event is routed and enqueued as in production.
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
const receiverUrl = await listen(bot.http);
const ingest = await loadAgainst(`${receiverUrl}/webhooks/platform`, `run${Date.now()}`);
await bot.stop();
await rm(folder, { recursive: true, force: true });

const ratio = ingest.perSecond / baseline.perSecond;
const ratioMet = ratio >= targetRatio;
const p99Met = ingest.p99Ms <= 20;
console.log(
  `webhook ingest: autocannon, ${connections} connections, ${seconds} s per run, pre-signed bodies, SQLite file with synchronous=FULL`,
);
console.log(
  `durable ingest: ${ingest.perSecond.toFixed(0)} req/s | baseline (bare Fastify route): ${baseline.perSecond.toFixed(0)} req/s | ratio ${ratio.toFixed(2)} | target ≥ ${targetRatio}: ${ratioMet ? "met" : "MISSED"}`,
);
console.log(
  `p99 ack: ${ingest.p99Ms.toFixed(1)} ms | baseline p99: ${baseline.p99Ms.toFixed(1)} ms | ratio ${(ingest.p99Ms / baseline.p99Ms).toFixed(1)} | target ≤ 20 ms: ${p99Met ? "met" : "MISSED"}`,
);
if (ingest.failed > 0 || baseline.failed > 0)
  console.log(`non-200 answers: ingest ${ingest.failed}, baseline ${baseline.failed}`);
if (!ratioMet) {
  console.log(
    "note: the bare route answers without touching a disk; the bot's answer waits for a SQLite commit, and " +
      "better-sqlite3 runs every statement and the commit's fsync on the event loop. A CPU profile taken " +
      "once (node --cpu-prof, the bot's half of a run; not this run): SQLite itself about 32% (the commit 15%, the outbox rows " +
      "10%, the inbox row 3%), Kysely building queries about 3%, reading and validating the event 8%, " +
      "Fastify 2%, and 22% idle: while a commit holds the loop no request is read, so 20 connections " +
      'wait in step with the commits (docs/architecture.md, "Performance targets").',
  );
}
if (ingest.reused > 0) console.log(`ingest sent ${ingest.reused} bodies twice (answered as duplicates)`);
process.exitCode = ratioMet && p99Met && ingest.failed === 0 ? 0 : 1;
