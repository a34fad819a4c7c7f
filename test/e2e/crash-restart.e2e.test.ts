// docs/architecture.md, "Posting", "Growing past one machine": with the bot killed (SIGKILL) in the middle of
// a 100-channel fan-out and restarted, every channel ends with exactly one copy. The bot runs as a child
// process on a file database; the restart runs with its clock one lease ahead, so the killed process's
// claimed rows are taken over at once; each post starts its tournament's thread, one per post (CRASH_TEST_REAL_LEASE=1 restarts src/main.ts as it is and waits the
// 60 s lease out instead).
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { outboxWorkerDefaults } from "../../src/outbox/outbox-worker-options.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { findFreePort } from "../../playground/free-port.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";
import { countOutbox as countOutboxRows } from "./support/outbox-counts.js";
import type { OutboxAction } from "../../src/store/outbox.js";

const channelCount = 100;
const killAfterPosts = 30;
const webhookSecret = "crash-test-operator-secret";
const waitRealLease = process.env.CRASH_TEST_REAL_LEASE === "1";

// Dated now: these bots run on the real clock, and drop an event older than the inbox remembers.
const createdNow = new Date().toISOString();
const eventBody = JSON.stringify({
  id: "evt_crash_restart_1",
  event: "system.tournament_started",
  created: createdNow,
  data: { object: "tournament", id: "trn_crash", title: "Crash Cup" },
});

describe("a bot killed mid fan-out and restarted", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let store: Store;
  let dataDir: string;
  let botUrl: string;
  let env: Record<string, string>;
  let channelIds: string[];
  let guildId: string;
  const bots: BotProcess[] = [];

  beforeAll(async () => {
    // 40 posts a second, so the 100 posts take about 2.5 s and the kill lands in the middle.
    discord = await createFakeDiscord({ globalRateLimit: { perSecond: 40 } });
    sandbox = await buildSandbox({ seed: false });
    await sandbox.listen(0, "127.0.0.1");
    const guild = discord.createGuild({ name: "Crash" });
    guildId = guild.id;
    // Each post starts its tournament's thread (docs/architecture.md, "Posting"), which takes this permission.
    discord.roles.grantBot(guild.id, ["CreatePublicThreads"]);
    channelIds = Array.from(
      { length: channelCount },
      (_, index) => discord.createChannel(guild.id, { name: `feed-${index}` }).id,
    );

    dataDir = await mkdtemp(join(tmpdir(), "arena-crash-"));
    const databaseUrl = `file:${join(dataDir, "bot.sqlite")}`;
    store = await createDb(databaseUrl);
    await migrateToLatest(store.db);
    for (const channelId of channelIds) {
      await createSubscription(store.db, {
        guildId: guild.id,
        channelId,
        eventKinds: ["system.tournament_started"],
        filters: {},
        createdBy: "crash-test",
        now: Date.now(),
      });
    }

    const port = await findFreePort();
    botUrl = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: "test",
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      PLATFORM_API_URL: `${sandbox.url}/v1`,
      PLATFORM_WEBHOOK_SECRET: webhookSecret,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ENCRYPTION_KEYS: generateKeySpec("crash"),
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "off",
      LOG_LEVEL: "warn",
    };
  });

  afterAll(async () => {
    for (const bot of bots) await bot.kill();
    await store.close();
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const postedChannels = () => channelIds.filter((id) => discord.messages(id).length > 0).length;
  const deliverEvent = () =>
    fetch(`${botUrl}/webhooks/platform`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-signature": `sha256=${createHmac("sha256", webhookSecret).update(eventBody).digest("hex")}`,
      },
      body: eventBody,
    });

  it("posts exactly one copy to every channel, and a platform retry adds none", async () => {
    const startedAt = Date.now();
    const first = spawnBot("src/main.ts", env);
    bots.push(first);
    await waitForReady(first, botUrl);

    const accepted = await deliverEvent();
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: "accepted" });

    await waitUntil(() => postedChannels() >= killAfterPosts, {
      timeoutMs: 15_000,
      what: `${killAfterPosts} channels to have the post`,
    });
    await first.kill();
    const postedBeforeRestart = postedChannels();
    const deliveredBeforeRestart = await countOutbox("delivered");
    expect(postedBeforeRestart).toBeLessThan(channelCount);

    // Restarted on the same database, one lease later as far as the bot's clock is concerned.
    const second = waitRealLease
      ? spawnBot("src/main.ts", env)
      : spawnBot("test/e2e/support/run-bot-ahead.ts", {
          ...env,
          BOT_CLOCK_OFFSET_MS: String(outboxWorkerDefaults.leaseMs + 1000),
        });
    bots.push(second);
    await waitForReady(second, botUrl);
    await waitUntil(async () => (await countOutbox("delivered")) === channelCount, {
      timeoutMs: waitRealLease ? outboxWorkerDefaults.leaseMs + 30_000 : 30_000,
      what: "every outbox row to be delivered",
    });

    // Each post starts its tournament's thread, once: the thread takes the post's id.
    await waitUntil(async () => (await countOutbox("delivered", "start-thread")) === channelCount, {
      timeoutMs: 30_000,
      what: "every post's thread to be started",
    });
    for (const channelId of channelIds) {
      const messages = discord.messages(channelId);
      expect(messages, `channel ${channelId}`).toHaveLength(1);
      expect(JSON.stringify(messages[0])).toContain("Crash Cup");
      expect(discord.threads.ofMessage(messages[0]?.id ?? "")?.name).toContain("Crash Cup");
    }
    expect(discord.threads.list(guildId)).toHaveLength(channelCount);
    expect(discord.stats.channelMessagesCreated).toBe(channelCount);

    // The platform retries the same event: it is a duplicate, and nothing new is queued or posted.
    const retried = await deliverEvent();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ status: "duplicate" });
    expect(await countOutbox()).toBe(channelCount);
    expect(await countOutbox("delivered")).toBe(channelCount);
    expect(await countOutbox(undefined, "start-thread")).toBe(channelCount);
    expect(discord.stats.channelMessagesCreated).toBe(channelCount);
    expect(discord.threads.list(guildId)).toHaveLength(channelCount);

    console.info(
      `crash test: ${postedBeforeRestart} channels posted before the restart ` +
        `(${deliveredBeforeRestart} recorded delivered), ${Date.now() - startedAt} ms in all`,
    );
  }, 150_000);

  /** Channel posts unless `action` says otherwise (support/outbox-counts.ts). */
  function countOutbox(status?: "delivered", action?: OutboxAction): Promise<number> {
    return countOutboxRows(store.db, status, action);
  }
});
