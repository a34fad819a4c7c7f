// docs/architecture.md, "Posting": a burst of battle results for one channel, which Discord lets post 5
// messages per window (5 s; 1 s here), goes out as messages of up to ten embeds; the bot is killed (SIGKILL) in the middle and
// restarted, and every result is still posted exactly once, each group recorded before the kill going out
// whole under its own nonce. Then a lone result is posted as itself, due at once. The bot runs as a child
// process on a file database; the restart runs with its clock one lease ahead, so the killed process's rows
// are taken over at once.
import { createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type StoredMessage } from "../../fake-discord/index.js";
import { findFreePort } from "../../playground/free-port.js";
import { outboxWorkerDefaults } from "../../src/outbox/outbox-worker-options.js";
import { generateKeySpec } from "../../src/secrets/key-ring.js";
import { createDb, type Store } from "../../src/store/create-db.js";
import { migrateToLatest } from "../../src/store/migrate.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { spawnBot, waitForReady, type BotProcess } from "./support/bot-process.js";
import { waitUntil } from "./support/wait-until.js";

const burstSize = 120;
// The channel may post 5 messages per window: once 5 are out, the next group waits its turn, recorded.
const killAfterMessages = 5;
const webhookSecret = "burst-test-operator-secret";

const battleIdOf = (index: number) => `bat_burst_${String(index).padStart(3, "0")}`;

function battleCompletedBody(index: number): string {
  return JSON.stringify({
    id: `evt_${battleIdOf(index)}`,
    event: "battle.completed",
    // Dated now: these bots run on the real clock, and drop an event older than the inbox remembers.
    created: new Date().toISOString(),
    data: {
      object: "battle",
      id: battleIdOf(index),
      mode: "realtime",
      difficulty: "easy",
      problem: { id: "prb_1", title: "Two Sum", difficulty: "easy" },
      participants: [
        { user_id: "usr_ada", username: "ada", score: 100, submission_time: 420, rank: 1 },
        { user_id: "usr_bob", username: "bob", score: 60, submission_time: 610, rank: 2 },
      ],
      winner: "usr_ada",
      duration: 900,
    },
  });
}

/** The battles a message's embeds announce, as the footer names them. */
function battlesIn(message: StoredMessage): string[] {
  return message.embeds.flatMap((embed) => /bat_burst_\d{3}/.exec(JSON.stringify(embed))?.[0] ?? []);
}

describe("a burst of results for one channel, with the bot killed mid-burst", () => {
  let discord: FakeDiscord;
  let store: Store;
  let dataDir: string;
  let botUrl: string;
  let env: Record<string, string>;
  let channelId: string;
  const bots: BotProcess[] = [];

  beforeAll(async () => {
    // Discord's 5 messages per channel, in a 1 s window instead of 5 s: the count is what makes results wait
    // and coalesce, and the shorter window keeps the twelve messages from taking ten seconds.
    discord = await createFakeDiscord({
      routeLimits: { "POST /channels/:channelId/messages": { limit: 5, windowMs: 1000 } },
    });
    const guild = discord.createGuild({ name: "Burst" });
    channelId = discord.createChannel(guild.id, { name: "results" }).id;

    dataDir = await mkdtemp(join(tmpdir(), "arena-burst-"));
    const databaseUrl = `file:${join(dataDir, "bot.sqlite")}`;
    store = await createDb(databaseUrl);
    await migrateToLatest(store.db);
    await createSubscription(store.db, {
      guildId: guild.id,
      channelId,
      eventKinds: ["battle.completed"],
      filters: {},
      createdBy: "burst-test",
      now: Date.now(),
    });

    const port = await findFreePort();
    botUrl = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: "test",
      DISCORD_TOKEN: discord.botToken,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.apiUrl,
      // No platform calls are made: announcements render from the events alone.
      PLATFORM_API_URL: "http://127.0.0.1:9/v1",
      PLATFORM_WEBHOOK_SECRET: webhookSecret,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ENCRYPTION_KEYS: generateKeySpec("burst"),
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
    await rm(dataDir, { recursive: true, force: true });
  });

  const deliver = (body: string) =>
    fetch(`${botUrl}/webhooks/platform`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-signature": `sha256=${createHmac("sha256", webhookSecret).update(body).digest("hex")}`,
      },
      body,
    });

  it("posts every result exactly once in messages of up to ten, resending each recorded group whole", async () => {
    const first = spawnBot("src/main.ts", env);
    bots.push(first);
    await waitForReady(first, botUrl);

    const answers = await Promise.all(
      Array.from({ length: burstSize }, (_, index) => deliver(battleCompletedBody(index))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(burstSize).fill(200));
    // Killed once a few messages are out and the next group is recorded on its rows. From then on Discord's
    // answers to the channel's posts are held: a group sent meanwhile is posted but never heard of, so the
    // kill finds it still recorded, as a crash between the send and its answer would.
    await waitUntil(() => discord.messages(channelId).length >= killAfterMessages, {
      timeoutMs: 15_000,
      what: `${killAfterMessages} messages`,
    });
    // A post made once the hold is in place stays unanswered until the kill; the kill waits for one that
    // carries a recorded group. A post caught may instead be a row sent alone (under load the worker can
    // claim a row before the rows behind it were stored): that answer is let go and the next post caught.
    let killed = false;
    const giveUpAt = Date.now() + 45_000;
    for (let attempt = 0; attempt < 10 && !killed; attempt += 1) {
      const held = discord.holdResponses("POST", new RegExp(`^/channels/${channelId}/messages$`));
      try {
        await held.waitForCaught(1, Math.max(1000, giveUpAt - Date.now()));
        // The channel's posts go one at a time: the newest message is the one whose answer is held.
        const caught = discord.messages(channelId).at(-1)?.nonce;
        if (caught !== undefined && caught !== null && (await readRecordedGroups()).has(String(caught))) {
          await first.kill();
          killed = true;
        }
      } finally {
        held.release();
      }
    }
    expect(killed).toBe(true);
    // The groups the killed bot had recorded: each must go out whole, under its own nonce.
    const recordedGroups = await readRecordedGroups();
    expect(recordedGroups.size).toBeGreaterThan(0);
    expect(await countOutbox("delivered")).toBeLessThan(burstSize);

    const second = spawnBot("test/e2e/support/run-bot-ahead.ts", {
      ...env,
      BOT_CLOCK_OFFSET_MS: String(outboxWorkerDefaults.leaseMs + 1000),
    });
    bots.push(second);
    await waitForReady(second, botUrl);
    await waitUntil(async () => (await countOutbox("delivered")) === burstSize, {
      timeoutMs: 60_000,
      what: "every outbox row to be delivered",
    });

    const messages = discord.messages(channelId);
    const posted = messages.flatMap(battlesIn);
    expect(posted.toSorted()).toEqual(Array.from({ length: burstSize }, (_, index) => battleIdOf(index)));
    expect(messages.every((message) => message.embeds.length <= 10)).toBe(true);
    expect(messages.length).toBeLessThanOrEqual(burstSize / 5);
    expect(discord.stats.channelMessagesCreated).toBe(messages.length);
    for (const [groupId, battles] of recordedGroups) {
      const carrying = messages.filter((message) => message.nonce === groupId);
      expect(carrying.map((message) => battlesIn(message).toSorted())).toEqual([battles.toSorted()]);
    }
  }, 180_000);

  it("then posts a lone result at once, alone in its own message under its row's id", async () => {
    const before = discord.messages(channelId).length;
    const lone = burstSize;

    expect((await deliver(battleCompletedBody(lone))).status).toBe(200);
    const message = await discord.waitForMessage(channelId, (candidate) =>
      battlesIn(candidate).includes(battleIdOf(lone)),
    );

    await waitUntil(async () => (await countOutbox("delivered")) === burstSize + 1, {
      timeoutMs: 10_000,
      what: "the lone row to be recorded delivered",
    });
    const row = await store.db
      .selectFrom("outbox")
      .selectAll()
      .where("event_id", "=", `evt_${battleIdOf(lone)}`)
      .executeTakeFirstOrThrow();
    expect(discord.messages(channelId)).toHaveLength(before + 1);
    expect(battlesIn(message)).toEqual([battleIdOf(lone)]);
    expect(message.nonce).toBe(row.id);
    // Due the moment it was queued: no window held it back for company.
    expect(row).toMatchObject({ status: "delivered", group_id: null, next_attempt_at: row.created_at });
  }, 30_000);

  /** Group id → the battles of its pending rows, for groups recorded but not yet delivered. */
  async function readRecordedGroups(): Promise<Map<string, string[]>> {
    const rows = await store.db
      .selectFrom("outbox")
      .select(["group_id", "event_id"])
      .where("status", "=", "pending")
      .where("group_id", "is not", null)
      .execute();
    const groups = new Map<string, string[]>();
    for (const row of rows) {
      const groupId = row.group_id ?? "";
      groups.set(groupId, [...(groups.get(groupId) ?? []), row.event_id.replace("evt_", "")]);
    }
    return groups;
  }

  async function countOutbox(status: "delivered"): Promise<number> {
    const row = await store.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", status)
      .executeTakeFirstOrThrow();
    return row.count;
  }
});
