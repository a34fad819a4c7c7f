// docs/architecture.md, "Posting" (a message starts a thread), with the bot killed (SIGKILL) at the worst
// point of each thread write: Discord has started the thread, posted in it or archived it, and the bot has not
// heard. The fake holds its answer back until the process is gone; each restart runs one lease ahead, so the
// dead process's rows are taken over at once (as crash-restart.e2e.test.ts does). In the end the fake holds
// exactly one thread per message (a battle card's, a tournament post's), the battle's posts in its thread
// once each, and the thread archived; and, with `/setup events on`, exactly one scheduled event per open
// tournament though the first create's answer was never heard either.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { buildSandbox, type Sandbox } from "../../sandbox/sandbox.js";
import { outboxWorkerDefaults } from "../../src/outbox/outbox-worker-options.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { saveCardStartingThread } from "../../src/store/message-threads.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { createKeyRing, generateKeySpec } from "../../src/secrets/key-ring.js";
import { createSecretBox } from "../../src/secrets/secret-box.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { saveReminderSettings } from "../../src/store/reminder-settings.js";
import { enableTournamentEvents } from "../../src/store/tournament-event-settings.js";
import { battleCompletedData, standardEvent } from "../webhooks/support/payloads.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { countOutbox } from "./support/outbox-counts.js";
import { seedSubscribedFile, sqliteBotSettings } from "./support/sqlite-bot-file.js";
import { waitUntil } from "./support/wait-until.js";

const webhookSecret = "thread-restart-operator-secret";
const battleId = "bat_restart";
const threadStarts = /^\/channels\/\d+\/messages\/\d+\/threads$/;

describe("threads written across a bot killed between Discord's act and its answer", () => {
  let discord: FakeDiscord;
  let sandbox: Sandbox;
  let store: Store;
  let dataDir: string;
  let botUrl: string;
  let env: Record<string, string>;
  let guildId: string;
  let cardChannel: string;
  let contests: string;
  let cardId: string;
  const bots: BotProcess[] = [];

  beforeAll(async () => {
    discord = await createFakeDiscord();
    // Seeded: its open tournaments become scheduled events, read with a seeded key.
    sandbox = await buildSandbox();
    await sandbox.listen(0, "127.0.0.1");
    const guild = discord.createGuild({ name: "Threads" });
    guildId = guild.id;
    discord.roles.grantBot(guildId, ["CreatePublicThreads", "SendMessagesInThreads", "CreateEvents"]);
    const admins = discord.createRole(guildId, { name: "Admins", permissions: ["ManageGuild"] });
    const admin = discord.createMember(guildId, { username: "admin", roleIds: [admins.id] });
    const reminders = discord.createChannel(guildId, { name: "reminders" }).id;
    cardChannel = discord.createChannel(guildId, { name: "battles" }).id;
    contests = discord.createChannel(guildId, { name: "contests" }).id;

    dataDir = await mkdtemp(join(tmpdir(), "arena-thread-restart-"));
    const databasePath = join(dataDir, "bot.sqlite");
    await seedSubscribedFile(databasePath, { guildId, channelId: contests, createdBy: "thread-test" });
    store = await createDb(`file:${databasePath}`);
    // `/setup reminders set` and `/setup events on` as an admin linked with a seeded key would leave them.
    const keySpec = generateKeySpec("thread-restart");
    const key = sandbox.keys.find((candidate) => candidate.level !== "read") ?? sandbox.keys[0]!;
    const now = Date.now();
    await saveMemberLink(store.db, createSecretBox(createKeyRing(keySpec)), {
      guildId,
      userId: admin.id,
      platformUserId: key.userId,
      platformUsername: key.username,
      credentialKind: "api_key",
      credential: { accessToken: key.key },
      now,
    });
    await saveReminderSettings(store.db, {
      guildId,
      channelId: reminders,
      leadMinutes: [1],
      roleId: null,
      configuredBy: admin.id,
      now,
    });
    await enableTournamentEvents(store.db, { guildId, enabledBy: admin.id, now });
    await createSubscription(store.db, {
      guildId,
      channelId: cardChannel,
      eventKinds: ["battle.completed"],
      filters: {},
      createdBy: "thread-test",
      now: Date.now(),
    });
    // The battle card `/battle create` posted, saved as it saves it: its thread's start queued with it.
    const posted = await fetch(`${discord.apiUrl}/v10/channels/${cardChannel}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${discord.botToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "⚔️ Two Sum battle" }),
    });
    cardId = ((await posted.json()) as { id: string }).id;
    await saveCardStartingThread(store.db, {
      battleId,
      guildId,
      channelId: cardChannel,
      messageId: cardId,
      createdBy: "200000000000000001",
      now: Date.now(),
    });

    const port = await findFreePort();
    botUrl = `http://127.0.0.1:${port}`;
    env = {
      ...sqliteBotSettings({ discord, sandbox, webhookSecret, databasePath, dataDir, port }),
      ENCRYPTION_KEYS: keySpec,
      TOURNAMENT_POLL_SECONDS: "1",
    };
  }, 60_000);

  afterAll(async () => {
    for (const bot of bots) await bot.kill();
    await store.close();
    await discord.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Each restart one lease further ahead than the last, so the killed process's leases are over. */
  async function startBot(): Promise<BotProcess> {
    const offset = bots.length * (outboxWorkerDefaults.leaseMs + 1000);
    const bot = spawnBot("test/e2e/support/run-bot-ahead.ts", {
      ...env,
      BOT_CLOCK_OFFSET_MS: String(offset),
    });
    bots.push(bot);
    await waitForReady(bot, botUrl);
    return bot;
  }

  async function deliver(event: string, data: Record<string, unknown>, id: string): Promise<void> {
    const body = standardEvent({ id, event, data, created: new Date().toISOString() });
    const response = await fetch(`${botUrl}/webhooks/platform`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-signature": `sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`,
      },
      body,
    });
    expect(response.status).toBe(200);
  }

  /** Kills `bot` once the fake made what `hold` holds the answer of, then lets the answer go. */
  async function killOnceCaught(
    bot: BotProcess,
    hold: ReturnType<FakeDiscord["holdResponses"]>,
    count: number,
  ): Promise<void> {
    await hold.waitForCaught(count, 20_000);
    await bot.kill();
    hold.release();
  }

  it("starts, posts in and archives each thread once, and makes each scheduled event once", async () => {
    // 1. Both threads started (the card's, and the tournament post's), and a scheduled event made, their
    // answers never heard.
    const starts = discord.holdResponses("POST", threadStarts);
    const creates = discord.holdResponses("POST", /^\/guilds\/\d+\/scheduled-events$/);
    const first = await startBot();
    await deliver(
      "system.tournament_started",
      { object: "tournament", id: "trn_restart", title: "Restart Cup" },
      "evt_restart_started",
    );
    await Promise.all([starts.waitForCaught(2, 20_000), creates.waitForCaught(1, 20_000)]);
    await first.kill();
    starts.release();
    creates.release();
    expect(discord.threads.list(guildId)).toHaveLength(2);
    expect(discord.scheduledEvents.list(guildId).length).toBeGreaterThan(0);

    await startBot();
    await waitUntil(async () => (await countOutbox(store.db, "delivered", "start-thread")) === 2, {
      timeoutMs: 30_000,
      what: "both thread starts to be recorded",
    });
    await waitUntil(async () => (await startedThreads()) === 2, {
      timeoutMs: 10_000,
      what: "both threads to be known as started",
    });

    // 2. The battle's progress posted in the card's thread, its answer never heard.
    const threadPosts = discord.holdResponses("POST", new RegExp(`^/channels/${cardId}/messages$`));
    await deliver("battle.started", { object: "battle", id: battleId }, "evt_restart_battle_started");
    await killOnceCaught(bots.at(-1)!, threadPosts, 1);
    await startBot();

    // 3. The result archives the thread, its answer never heard.
    const archives = discord.holdResponses("PATCH", new RegExp(`^/channels/${cardId}$`));
    await deliver("battle.completed", battleCompletedData({ id: battleId }), "evt_restart_battle_done");
    await killOnceCaught(bots.at(-1)!, archives, 1);
    await startBot();
    await waitUntil(async () => (await countOutbox(store.db, "delivered", "archive-thread")) === 1, {
      timeoutMs: 30_000,
      what: "the archive to be recorded",
    });

    // One thread per message, nothing twice, nothing lost.
    const threads = discord.threads.list(guildId);
    expect(threads.map((thread) => thread.id).sort()).toEqual(
      [cardId, discord.messages(contests)[0]?.id].sort(),
    );
    expect(discord.messages(contests)).toHaveLength(1);
    expect(discord.threads.ofMessage(discord.messages(contests)[0]?.id ?? "")?.name).toContain("Restart Cup");
    const card = discord.threads.ofMessage(cardId);
    expect(card?.thread?.archived).toBe(true);
    expect(await countOutbox(store.db, "delivered", "thread-post")).toBe(2);
    expect(discord.threads.messages(cardId)).toHaveLength(2);
    // The result is posted in the channel too, once.
    expect(discord.messages(cardChannel).filter((message) => message.id !== cardId)).toHaveLength(1);

    // Every open tournament the bot knows is one scheduled event, the one whose answer was lost included.
    await waitUntil(
      async () => {
        const rows = await store.db.selectFrom("tournament_events").selectAll().execute();
        return rows.length > 0 && rows.every((row) => row.discord_event_id !== null && row.due_at === null);
      },
      { timeoutMs: 30_000, what: "every tournament's event to be synced" },
    );
    const rows = await store.db.selectFrom("tournament_events").select("discord_event_id").execute();
    const events = discord.scheduledEvents.list(guildId);
    expect(events.map((event) => event.id).sort()).toEqual(rows.map((row) => row.discord_event_id).sort());
    expect(new Set(events.map((event) => event.location)).size).toBe(events.length);
  }, 120_000);

  async function startedThreads(): Promise<number> {
    const rows = await store.db
      .selectFrom("message_threads")
      .select("thread_id")
      .where("thread_id", "is not", null)
      .execute();
    return rows.length;
  }
});
