/**
 * Fan-out through the shared proxy (docs/architecture.md, "Performance targets", "Growing past one machine"):
 * two bot instances (`src/main.ts`, HTTP interactions, one PostgreSQL) send their Discord REST through
 * `npm run discord-proxy`, which owns the bot's one global limit, and post one event to 1,000 channels.
 * Targets: ≥ 0.9 × the fake Discord's global limit with zero 429s, no duplicate and none missing; and the
 * same for a second event during which one instance is SIGKILLed half-way, the survivor taking the whole
 * limit (instances pacing themselves to a static share would leave it at half). The baseline is the limit.
 * Run: npx tsx bench/fan-out-proxy.ts [channels] [limit/s]
 *
 * The rate is the steady one, as bench/fan-out.ts measures it: between the first post and the first of the
 * last window, over the posts in between, from the times the fake Discord records.
 * Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 */
import { createHmac } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { createFakeDiscord, type FakeDiscord } from "../fake-discord/index.js";
import { findFreePort } from "../playground/free-port.js";
import { generateKeySpec } from "../src/secrets/key-ring.js";
import { createDb } from "../src/store/create-db.js";
import type { Database } from "../src/store/database.js";
import { migrateToLatest } from "../src/store/migrate.js";
import { createSubscription } from "../src/store/subscriptions.js";
import { createFreshPostgres, readBenchPostgresUrl } from "./support/fresh-postgres.js";
import { spawnNodeChild, type NodeChild } from "./support/node-child.js";

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const channelCount = Number(positional[0] ?? 1000);
const limit = Number(positional[1] ?? 50);
const channelsPerGuild = 10;
const targetRatio = 0.9;
const secret = "bench-operator-secret-0123456789abcdef";

interface Instance {
  readonly url: string;
  readonly child: NodeChild;
}

interface RunFigures {
  readonly rate: number;
  readonly rateLimited: number;
  readonly duplicates: number;
  readonly missing: number;
  readonly seconds: number;
  /** Posts after the kill, at the survivor's steady rate; only for the run with a kill. */
  readonly survivorRate?: number;
  readonly takenOver?: number;
}

async function seedChannels(db: Kysely<Database>, fake: FakeDiscord): Promise<string[]> {
  const channelIds: string[] = [];
  let guildId = "";
  for (let index = 0; index < channelCount; index += 1) {
    if (index % channelsPerGuild === 0) guildId = fake.createGuild({ name: `Guild ${index}` }).id;
    const channelId = fake.createChannel(guildId, { name: `announcements-${index}` }).id;
    await createSubscription(db, {
      guildId,
      channelId,
      eventKinds: ["system.tournament_started"],
      filters: {},
      createdBy: "100000000000000009",
      now: Date.now(),
    });
    channelIds.push(channelId);
  }
  return channelIds;
}

function startProxy(fake: FakeDiscord, port: number): NodeChild {
  return spawnNodeChild("scripts/discord-proxy.ts", {
    env: {
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_PROXY_PORT: String(port),
      DISCORD_GLOBAL_RATE_LIMIT: String(limit),
      LOG_LEVEL: "warn",
    },
  });
}

async function startInstance(
  fake: FakeDiscord,
  settings: { readonly databaseUrl: string; readonly proxyUrl: string; readonly dataDir: string },
): Promise<Instance> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnNodeChild("src/main.ts", {
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DISCORD_TOKEN: fake.botToken,
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_REST_PROXY_URL: settings.proxyUrl,
      INTERACTIONS_MODE: "http",
      DISCORD_PUBLIC_KEY: fake.publicKey,
      PLATFORM_API_URL: "http://127.0.0.1:9/v1",
      PLATFORM_WEBHOOK_SECRET: secret,
      // Production refuses an http PUBLIC_URL; nothing in this bench follows a link built on it.
      PUBLIC_URL: "https://bot.example.test",
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "off",
      DATABASE_URL: settings.databaseUrl,
      DATA_DIR: settings.dataDir,
      ENCRYPTION_KEYS: generateKeySpec("bench"),
      // The shortest lease, and the instance that did not receive the webhook finds its rows within 200 ms.
      OUTBOX_LEASE_SECONDS: "5",
      OUTBOX_POLL_INTERVAL_MS: "200",
    },
  });
  await child.waitForOk(`${url}/readyz`, 30_000);
  return { url, child };
}

async function deliverEvent(instance: Instance, index: number): Promise<void> {
  const body = JSON.stringify({
    id: `evt_bench_${index}`,
    event: "system.tournament_started",
    created: new Date().toISOString(),
    data: { object: "tournament", id: "trn_bench", title: `Cup ${index}` },
  });
  const signature = createHmac("sha256", secret).update(body).digest("hex");
  const response = await fetch(`${instance.url}/webhooks/platform`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-signature": `sha256=${signature}` },
    body,
  });
  if (response.status !== 200) throw new Error(`the webhook was answered ${response.status}`);
}

/** Each channel's posts of event `index`. */
function readPosts(fake: FakeDiscord, channelIds: readonly string[], index: number): number[][] {
  const title = `Cup ${index}`;
  return channelIds.map((channelId) =>
    fake
      .messages(channelId)
      .filter((message) => message.embeds.some((embed) => embed.title?.includes(title) === true))
      .map((message) => message.createdAt),
  );
}

/** Posts from the first to the first of the last window, over the time between them (bench/fan-out.ts). */
function readSteadyRate(times: readonly number[]): number {
  const sorted = [...times].sort((left, right) => left - right);
  const firstOfLastWindow = sorted[sorted.length - limit] ?? Number.NaN;
  return (sorted.length - limit) / ((firstOfLastWindow - (sorted[0] ?? Number.NaN) || Number.NaN) / 1000);
}

async function runFanOut(
  context: {
    readonly fake: FakeDiscord;
    readonly channelIds: readonly string[];
    readonly db: Kysely<Database>;
    readonly instances: readonly Instance[];
  },
  index: number,
  killHalfWay: boolean,
): Promise<RunFigures> {
  const { fake, channelIds, instances } = context;
  fake.resetStats();
  const started = performance.now();
  await deliverEvent(instances[0]!, index);
  let killedAt: number | undefined;
  let takenOver: number | undefined;
  const deadline = started + 120_000;
  for (;;) {
    const posted = fake.stats.channelMessagesCreated;
    if (killHalfWay && killedAt === undefined && posted >= channelCount / 2) {
      const victim = instances[1]!.child.process;
      takenOver = await countLeasedTo(context.db, victim.pid ?? 0);
      const exited = once(victim, "exit");
      victim.kill("SIGKILL");
      killedAt = Date.now();
      await exited;
    }
    if (posted >= channelCount || performance.now() > deadline) break;
    await sleep(20);
  }
  // A resend the nonce caught makes no second message; give any straggler a moment to show up.
  await sleep(500);
  const seconds = (performance.now() - started) / 1000;
  const posts = readPosts(fake, channelIds, index);
  const times = posts.flat();
  return {
    rate: readSteadyRate(times),
    rateLimited: fake.stats.rateLimited,
    duplicates: posts.reduce((sum, each) => sum + Math.max(0, each.length - 1), 0),
    missing: posts.filter((each) => each.length === 0).length,
    seconds,
    ...(killedAt === undefined
      ? {}
      : {
          survivorRate: readSteadyRate(times.filter((time) => time >= killedAt)),
          takenOver: takenOver ?? 0,
        }),
  };
}

/** Pending rows leased to the instance with this process id (owners are host:pid:random). */
async function countLeasedTo(db: Kysely<Database>, pid: number): Promise<number> {
  const rows = await db
    .selectFrom("outbox")
    .select("lease_owner")
    .where("status", "=", "pending")
    .where("lease_owner", "like", `%:${pid}:%`)
    .execute();
  return rows.length;
}

function meets(figures: RunFigures): boolean {
  return (
    figures.rate / limit >= targetRatio &&
    (figures.survivorRate ?? limit) / limit >= targetRatio &&
    figures.rateLimited === 0 &&
    figures.duplicates === 0 &&
    figures.missing === 0
  );
}

function describeRun(label: string, figures: RunFigures): string {
  const survivor =
    figures.survivorRate === undefined
      ? ""
      : ` | survivor alone after the kill ${figures.survivorRate.toFixed(1)} msg/s (a static half share: ${limit / 2}),` +
        ` ${figures.takenOver ?? 0} rows it held taken over`;
  return (
    `${label}: ${figures.rate.toFixed(1)} msg/s | limit ${limit} msg/s | ratio ${(figures.rate / limit).toFixed(2)}` +
    ` (target ≥ ${targetRatio}) | 429s ${figures.rateLimited} | duplicates ${figures.duplicates}` +
    ` | missing ${figures.missing} | ${figures.seconds.toFixed(1)} s in all${survivor}` +
    (meets(figures) ? "" : " | MISSED")
  );
}

const adminUrl = readBenchPostgresUrl();
const database = await createFreshPostgres(adminUrl);
if (database === undefined) {
  console.log(
    `fan-out through the proxy: not measured, no PostgreSQL answers at ${new URL(adminUrl).host} ` +
      "(set BENCH_DATABASE_URL)",
  );
} else {
  const cleanups: (() => Promise<unknown>)[] = [() => database.drop()];
  try {
    const fake = await createFakeDiscord({ globalRateLimit: { perSecond: limit } });
    cleanups.push(() => fake.close());
    const store = await createDb(database.url);
    cleanups.push(() => store.close());
    await migrateToLatest(store.db);
    const channelIds = await seedChannels(store.db, fake);
    const dataDir = await mkdtemp(join(tmpdir(), "fan-out-proxy-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const proxyPort = await findFreePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const proxy = startProxy(fake, proxyPort);
    cleanups.push(() => proxy.stop());
    const instances: Instance[] = [];
    cleanups.push(() => Promise.all(instances.map((instance) => instance.child.stop())));
    for (const name of ["a", "b"]) {
      instances.push(
        await startInstance(fake, { databaseUrl: database.url, proxyUrl, dataDir: join(dataDir, name) }),
      );
    }
    // Warm, as a running proxy is: its first request to Discord opens its connections.
    const warm = await fetch(`${proxyUrl}/api/v10/gateway/bot`, {
      headers: { authorization: `Bot ${fake.botToken}` },
    });
    if (warm.status !== 200) throw new Error(`the proxy answered ${warm.status}:\n${proxy.output()}`);

    const context = { fake, channelIds, db: store.db, instances };
    const together = await runFanOut(context, 1, false);
    console.log(describeRun(`fan-out through the proxy, 2 instances, ${channelCount} channels`, together));
    const killed = await runFanOut(context, 2, true);
    console.log(describeRun("  the same, one instance SIGKILLed half-way", killed));
    if (!meets(together) || !meets(killed)) {
      console.log("fan-out through the proxy: a target was MISSED");
      process.exitCode = 1;
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}
