/**
 * Event → post latency, steady (docs/architecture.md, "Performance targets": 20 events/s for 30 s into 20
 * channels, p99 ≤ 100 ms from the platform's send to the post's arrival at Discord). Run:
 * npx tsx bench/post-latency.ts [seconds] [events/s] [--cpu-prof]
 *
 * The real bot as production runs it: `src/main.ts` in its own process, SQLite file with fsync'd commits, its
 * gateway connected. The fake Discord stays in this process, with Discord's limits (50 requests/s, 5 posts per
 * 5 s in a channel). Each of the 20 channels subscribes to battle results of one tournament; the bench sends
 * signed `battle.completed` deliveries at an even pace, round the 20 tournaments, so each channel gets one a
 * second. A post's latency runs from just before its delivery is sent to the moment the fake Discord stores the
 * message, both on this process's clock (1 ms steps).
 *
 * Baseline, same run, same schedule: a bare route in its own process that answers each
 * delivery at once and posts one embed for it through @discordjs/rest, with no signature check, database or
 * rendering: the floor of "webhook in, post out" on this machine. Both get one unmeasured second first, so
 * they are warm as a running bot is.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createFakeDiscord, type FakeDiscord } from "../fake-discord/index.js";
import { createDb } from "../src/store/create-db.js";
import { createSubscription } from "../src/store/subscriptions.js";
import type { BareRelayReady, BareRelayRequest } from "./support/bare-relay-child.js";
import {
  battleResultBody,
  benchWebhookSecret,
  deliverSigned,
  readAnnouncedEvents,
} from "./support/battle-results.js";
import { startBotChild } from "./support/bot-child.js";
import {
  formatRatio,
  formatSummary,
  summariseLatencies,
  type LatencySummary,
} from "./support/latency-summary.js";
import { spawnNodeChild } from "./support/node-child.js";

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const seconds = Number(positional[0] ?? 30);
const perSecond = Number(positional[1] ?? 20);
const channelCount = 20;
const p99TargetMs = 100;
const profileDir = process.argv.includes("--cpu-prof")
  ? await mkdtemp(join(tmpdir(), "arena-bench-post-latency-profile-"))
  : undefined;

/** Discord's window for a channel's posts (5 per 5 s). */
const windowMs = 5000;
const tournaments = Array.from({ length: channelCount }, (_, index) => `trn_${String(index)}`);

interface SteadyRun {
  readonly summary: LatencySummary;
  readonly refused: number;
  /** The slowest post of each 5 s of the run, by when it was sent. */
  readonly slowestPerWindow: readonly number[];
}

/**
 * Sends `count` deliveries at `perSecond`, round the tournaments, and waits for their posts; an event not
 * posted within 30 s of the last send counts as unanswered.
 */
async function runSteady(
  discord: FakeDiscord,
  channelIds: readonly string[],
  url: string,
  run: { readonly prefix: string; readonly count: number },
): Promise<SteadyRun> {
  const sentAt = new Map<string, number>();
  const sends: Promise<number>[] = [];
  const start = performance.now();
  for (let index = 0; index < run.count; index++) {
    const due = start + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const eventId = `ev_${run.prefix}_${String(index).padStart(5, "0")}`;
    sentAt.set(eventId, Date.now());
    sends.push(deliverSigned(url, battleResultBody(eventId, tournaments[index % channelCount])));
  }
  const refused = (await Promise.all(sends)).filter((status) => status !== 200).length;
  const arrivals = new Map<string, number>();
  const deadline = performance.now() + 30_000;
  while (arrivals.size < run.count && performance.now() < deadline) {
    for (const channelId of channelIds) {
      for (const message of discord.messages(channelId)) {
        for (const eventId of readAnnouncedEvents(message)) {
          if (sentAt.has(eventId) && !arrivals.has(eventId)) arrivals.set(eventId, message.createdAt);
        }
      }
    }
    await sleep(50);
  }
  const startedAt = Math.min(...sentAt.values());
  const slowestPerWindow: number[] = [];
  const latencies = [...arrivals].map(([eventId, at]) => {
    const sent = sentAt.get(eventId) ?? at;
    const window = Math.floor((sent - startedAt) / windowMs);
    slowestPerWindow[window] = Math.max(slowestPerWindow[window] ?? 0, at - sent);
    return at - sent;
  });
  return {
    summary: summariseLatencies(latencies, run.count - arrivals.size),
    refused,
    slowestPerWindow: Array.from(
      { length: slowestPerWindow.length },
      (_, index) => slowestPerWindow[index] ?? 0,
    ),
  };
}

const discord = await createFakeDiscord();
const guild = discord.createGuild({ name: "Steady" });
const channelIds = tournaments.map(
  (_, index) => discord.createChannel(guild.id, { name: `results-${index}` }).id,
);
const dataDir = await mkdtemp(join(tmpdir(), "arena-bench-post-latency-"));
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
let botRun: SteadyRun;
let baselineRun: SteadyRun;
try {
  const store = await createDb(`file:${join(dataDir, "bot.sqlite")}`);
  for (const [index, channelId] of channelIds.entries()) {
    await createSubscription(store.db, {
      guildId: guild.id,
      channelId,
      eventKinds: ["battle.completed"],
      filters: { tournamentId: tournaments[index] ?? "" },
      createdBy: "100000000000000009",
      now: Date.now(),
    });
  }
  await store.close();
  const botUrl = `${bot.url}/webhooks/platform`;
  await runSteady(discord, channelIds, botUrl, { prefix: "botwarm", count: perSecond });
  botRun = await runSteady(discord, channelIds, botUrl, { prefix: "bot", count: seconds * perSecond });
} finally {
  await bot.child.stop();
}

const request: BareRelayRequest = {
  apiUrl: discord.apiUrl,
  token: discord.botToken,
  channels: Object.fromEntries(tournaments.map((tournament, index) => [tournament, channelIds[index] ?? ""])),
};
const relay = spawnNodeChild("bench/support/bare-relay-child.ts", { args: [JSON.stringify(request)] });
try {
  const { url } = await relay.nextMessage<BareRelayReady>(30_000);
  const relayUrl = `${url}/webhooks/platform`;
  await runSteady(discord, channelIds, relayUrl, { prefix: "barewarm", count: perSecond });
  baselineRun = await runSteady(discord, channelIds, relayUrl, {
    prefix: "bare",
    count: seconds * perSecond,
  });
} finally {
  await relay.stop();
  await discord.close();
  await rm(dataDir, { recursive: true, force: true });
}

const met = botRun.summary.p99 <= p99TargetMs && botRun.summary.unanswered === 0 && botRun.refused === 0;
const perWindow = (run: SteadyRun) => run.slowestPerWindow.map((value) => value.toFixed(0)).join(", ");
console.log(
  `post latency, steady: ${perSecond} signed battle.completed/s for ${seconds} s into ${channelCount} channels ` +
    `(${botRun.summary.count} posts), from the platform's send to the post at the fake Discord`,
);
console.log(`bot:      ${formatSummary(botRun.summary)}`);
console.log(
  `baseline: ${formatSummary(baselineRun.summary)} (a bare route that answers and posts, same schedule)`,
);
console.log(
  `ratio p50 ${formatRatio(botRun.summary.p50, baselineRun.summary.p50)} | ratio p99 ` +
    `${formatRatio(botRun.summary.p99, baselineRun.summary.p99)} | target p99 ≤ ${p99TargetMs} ms: ` +
    (met ? "met" : "MISSED"),
);
console.log(
  `slowest post of each 5 s, bot: ${perWindow(botRun)} ms | baseline: ${perWindow(baselineRun)} ms`,
);
if (!met) {
  console.log(
    "note: one event a second per channel is exactly Discord's 5 posts per 5 s there. The fake opens a " +
      "channel's window at its first post, and @discordjs/rest waits its 50 ms offset twice past each reset, " +
      "so each window opens ~100 ms after the last one ended and the post at each window's edge waits longer: " +
      "the slowest posts grow by about that every 5 s, in the bare baseline as in the bot. The bot's CPU " +
      "profile (--cpu-prof) shows it mostly idle (about 70% of a 10 s run on a 2-core machine, SQLite's " +
      "fsync'd commits the largest share of the rest): it waits on the channel's window, it does not compute. " +
      "An offset of 0 on the message route measured a p99 of 24 ms, but @discordjs/rest waits the same offset " +
      "past its global window, where 0 drew 429s in fan-out (docs/performance.md).",
  );
}
if (botRun.summary.unanswered > 0 || botRun.refused > 0) {
  console.log(`not posted within 30 s: ${botRun.summary.unanswered} | deliveries refused: ${botRun.refused}`);
}
if (profileDir !== undefined) console.log(`CPU profile of the bot: ${profileDir}`);
process.exitCode = met ? 0 : 1;
