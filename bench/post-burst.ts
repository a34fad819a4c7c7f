/**
 * A burst for one channel (docs/architecture.md, "Performance targets": 300 events for one channel at once,
 * with Discord's per-channel limit enforced, all posted within 40 s, none twice, none missing). Run:
 * npx tsx bench/post-burst.ts [events] [--cpu-prof]
 *
 * The real bot as production runs it: `src/main.ts` in its own process, SQLite file with fsync'd commits, its
 * gateway connected. The fake Discord stays in this process and enforces Discord's limits as Discord does: 5
 * posts per 5 s in a channel (a fixed window opened by its first post, 429 past it), 50 requests/s in all. The
 * bench sends `events` signed `battle.completed` deliveries for one channel at once and times, on this
 * process's clock, from the first send to the arrival of the post that completes the set; then it counts each
 * event's appearances across the channel's messages.
 *
 * Baseline, same run, same fake: the least time the channel's limit allows for that many announcements, as a
 * bare @discordjs/rest client in this process takes to post them ten embeds a message into another channel.
 * Posting one message per event, as the bot did before it combined them, the limit alone allows no less than
 * (events / 5 − 1) × 5 s.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { REST } from "@discordjs/rest";
import { Routes } from "discord-api-types/v10";
import { createFakeDiscord, defaultRouteLimits, type FakeDiscord } from "../fake-discord/index.js";
import { createDb } from "../src/store/create-db.js";
import { createSubscription } from "../src/store/subscriptions.js";
import {
  battleResultBody,
  benchWebhookSecret,
  deliverSigned,
  readAnnouncedEvents,
} from "./support/battle-results.js";
import { startBotChild } from "./support/bot-child.js";

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const eventCount = Number(positional[0] ?? 300);
const targetSeconds = 40;
const embedsPerMessage = 10;
const profileDir = process.argv.includes("--cpu-prof")
  ? await mkdtemp(join(tmpdir(), "arena-bench-post-burst-profile-"))
  : undefined;
const channelLimit = defaultRouteLimits["POST /channels/:channelId/messages"] ?? { limit: 5, windowMs: 5000 };

interface BurstCount {
  /** Events whose post has arrived, each counted once. */
  readonly posted: number;
  readonly duplicates: number;
  readonly messages: number;
  /** When the post that completed the set arrived (Date.now()), if it did. */
  readonly completedAt: number | undefined;
}

function countBurst(discord: FakeDiscord, channelId: string, eventIds: ReadonlySet<string>): BurstCount {
  const seen = new Map<string, number>();
  let completedAt: number | undefined;
  const messages = discord.messages(channelId);
  for (const message of messages) {
    for (const eventId of readAnnouncedEvents(message)) {
      if (!eventIds.has(eventId)) continue;
      seen.set(eventId, (seen.get(eventId) ?? 0) + 1);
      if (seen.size === eventIds.size && completedAt === undefined) completedAt = message.createdAt;
    }
  }
  const duplicates = [...seen.values()].reduce((sum, times) => sum + times - 1, 0);
  return { posted: seen.size, duplicates, messages: messages.length, completedAt };
}

/** The bot's run: every delivery sent at once; resolves once all are posted or two minutes have passed. */
async function runBurst(
  discord: FakeDiscord,
  channelId: string,
  url: string,
): Promise<
  BurstCount & {
    readonly startedAt: number;
    readonly refused: number;
  }
> {
  const eventIds = Array.from(
    { length: eventCount },
    (_, index) => `ev_burst_${String(index).padStart(4, "0")}`,
  );
  const wanted = new Set(eventIds);
  const startedAt = Date.now();
  const statuses = await Promise.all(
    eventIds.map((eventId) => deliverSigned(url, battleResultBody(eventId, "trn_burst"))),
  );
  const deadline = performance.now() + 120_000;
  while (countBurst(discord, channelId, wanted).posted < eventCount && performance.now() < deadline) {
    await sleep(20);
  }
  // Anything sent twice would come right after: give it one window of the channel's limit to show up.
  await sleep(channelLimit.windowMs);
  const refused = statuses.filter((status) => status !== 200).length;
  return { ...countBurst(discord, channelId, wanted), startedAt, refused };
}

/** The baseline: the same announcements, ten embeds a message, posted as fast as the channel's limit lets. */
async function postAtBest(discord: FakeDiscord, channelId: string): Promise<number> {
  const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  const startedAt = Date.now();
  try {
    for (let first = 0; first < eventCount; first += embedsPerMessage) {
      const embeds = Array.from({ length: Math.min(embedsPerMessage, eventCount - first) }, (_, index) => ({
        title: "Battle finished",
        footer: { text: `event ev_best_${String(first + index)}` },
      }));
      await rest.post(Routes.channelMessages(channelId), { body: { embeds } });
    }
    const last = discord.messages(channelId).at(-1);
    return (last?.createdAt ?? Date.now()) - startedAt;
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
  }
}

const discord = await createFakeDiscord();
const guild = discord.createGuild({ name: "Burst" });
const burstChannel = discord.createChannel(guild.id, { name: "results" }).id;
const warmChannel = discord.createChannel(guild.id, { name: "warm-up" }).id;
const bestChannel = discord.createChannel(guild.id, { name: "at-best" }).id;
const dataDir = await mkdtemp(join(tmpdir(), "arena-bench-post-burst-"));
const bot = await startBotChild({
  discord,
  interactionsMode: "gateway",
  // No platform call is made: announcements render from the events alone.
  platformApiUrl: "http://127.0.0.1:9/v1",
  platformTimeoutMs: 10_000,
  dataDir,
  nodeFlags: profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  env: { PLATFORM_WEBHOOK_SECRET: benchWebhookSecret },
});
let burst: Awaited<ReturnType<typeof runBurst>>;
let bestMs: number;
try {
  const store = await createDb(`file:${join(dataDir, "bot.sqlite")}`);
  for (const [channelId, tournamentId] of [
    [burstChannel, "trn_burst"],
    [warmChannel, "trn_warm"],
  ] as const) {
    await createSubscription(store.db, {
      guildId: guild.id,
      channelId,
      eventKinds: ["battle.completed"],
      filters: { tournamentId },
      createdBy: "100000000000000009",
      now: Date.now(),
    });
  }
  await store.close();
  const url = `${bot.url}/webhooks/platform`;
  // One unmeasured post in another channel, so the bot is warm as a running bot is.
  await deliverSigned(url, battleResultBody("ev_warm", "trn_warm"));
  await discord.waitForMessage(warmChannel, () => true, 30_000);
  burst = await runBurst(discord, burstChannel, url);
} finally {
  await bot.child.stop();
}
try {
  bestMs = await postAtBest(discord, bestChannel);
} finally {
  await discord.close();
  await rm(dataDir, { recursive: true, force: true });
}

const seconds =
  burst.completedAt === undefined ? Number.POSITIVE_INFINITY : (burst.completedAt - burst.startedAt) / 1000;
const bestSeconds = bestMs / 1000;
const onePerEventSeconds = ((eventCount / channelLimit.limit - 1) * channelLimit.windowMs) / 1000;
const missing = eventCount - burst.posted;
const met = seconds <= targetSeconds && burst.duplicates === 0 && missing === 0 && burst.refused === 0;
console.log(
  `post burst: ${eventCount} signed battle.completed for one channel at once, the fake Discord allowing ` +
    `${channelLimit.limit} posts per ${channelLimit.windowMs / 1000} s there`,
);
console.log(
  `bot: last posted after ${Number.isFinite(seconds) ? seconds.toFixed(1) : "never"} s | ${burst.messages} messages | ` +
    `duplicates ${burst.duplicates} | missing ${missing}`,
);
console.log(
  `baseline: ${bestSeconds.toFixed(1)} s, the least the channel's limit allows (a bare client posting ten embeds ` +
    `a message) | one message per event would take ≥ ${onePerEventSeconds.toFixed(0)} s`,
);
console.log(
  `ratio ${Number.isFinite(seconds) ? (seconds / bestSeconds).toFixed(2) : "∞"} | target ≤ ${targetSeconds} s, ` +
    `none twice, none missing: ${met ? "met" : "MISSED"}`,
);
if (burst.refused > 0) console.log(`deliveries refused: ${burst.refused}`);
if (profileDir !== undefined) console.log(`CPU profile of the bot: ${profileDir}`);
process.exitCode = met ? 0 : 1;
