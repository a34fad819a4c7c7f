/**
 * Interaction initial response (DESIGN.md §10: p99 ≤ 50 ms at 100 concurrent interactions, never past 3 s even
 * when the platform takes 10 s). Run: npx tsx bench/interaction-response.ts [rounds] [platform delay ms]
 *
 * The real bot on the local stack (sandbox + fake Discord + startBot, one process, SQLite file with fsync'd
 * commits), over the gateway and over HTTP interactions. 100 linked members run a command at the same moment,
 * `rounds` times per case; each time is the fake's own: from creating the interaction (before sending it) to
 * receiving the initial response (the REST callback, or the HTTP answer), on its clock (1 ms steps).
 * - database only: `/leaderboard server` (the read model; the bot defers, then edits from SQLite);
 * - waits on the platform: `/whoami`, with every platform call held for 10 s by a proxy in front of the sandbox
 *   (PLATFORM_TIMEOUT_MS above that): the defer must not wait for it. Its edits are awaited at the end.
 * Baselines, same fake code and machine, same run: a bare discord.js Client that defers on `interactionCreate`,
 * and, for HTTP interactions, a bare endpoint that checks the signature and answers "deferred".
 * Each responder gets one unmeasured round first, so it is warm as a running bot is.
 *
 * The fake and the bot share one event loop, which is fully busy while 100 interactions are in flight: the
 * times include the fake's own work (sending, signing, parsing the answers), as the baselines' do.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REST } from "@discordjs/rest";
import { commandData } from "../src/commands/command-data.js";
import { deployCommands } from "../src/discord/deploy-commands.js";
import { createFakeDiscord, type FakeDiscord, type InteractionHandle } from "../src/fake-discord/index.js";
import { linkWithApiKey } from "../src/linking/api-key-link.js";
import { createLogger } from "../src/logger.js";
import { startLocalStack, type LocalStack } from "../src/playground/start-local-stack.js";
import { startBareClient, startBareEndpoint } from "./support/bare-responders.js";
import {
  joinResponseTimes,
  readResponseTimes,
  runAtOnce,
  type Crowd,
  type Invocation,
  type ResponseTimes,
} from "./support/concurrent-interactions.js";
import {
  formatRatio,
  formatSummary,
  summariseLatencies,
  type LatencySummary,
} from "./support/latency-summary.js";
import { startSlowProxy } from "./support/slow-proxy.js";

const rounds = Number(process.argv[2] ?? 3);
const platformDelayMs = Number(process.argv[3] ?? 10_000);
const crowdSize = 100;
const p99TargetMs = 50;
const maxTargetMs = 3000;
const databaseOnly: Invocation = { name: "leaderboard", subcommand: "server" };
const waitsOnPlatform: Invocation = { name: "whoami" };

type Mode = "gateway" | "http";

function buildCrowd(discord: FakeDiscord): Crowd {
  const guildId = discord.createGuild({ name: "Arena" }).id;
  const channelId = discord.createChannel(guildId, { name: "general" }).id;
  const memberIds = Array.from(
    { length: crowdSize },
    (_, index) => discord.createMember(guildId, { username: `member${index + 1}` }).id,
  );
  return { guildId, channelId, memberIds };
}

/** `rounds` rounds of the whole crowd at once, each after the previous one's initial responses. */
async function measureRounds(
  discord: FakeDiscord,
  crowd: Crowd,
  invocation: Invocation,
  options: { awaitFinal: boolean },
): Promise<{ times: ResponseTimes; handles: InteractionHandle[] }> {
  const times: ResponseTimes[] = [];
  const handles: InteractionHandle[] = [];
  for (let round = 0; round < rounds; round++) {
    const batch = runAtOnce(discord, crowd, invocation);
    times.push(await readResponseTimes(batch));
    handles.push(...batch);
    // The next round starts on an idle bot, so the rounds do not pile up.
    if (options.awaitFinal) await Promise.allSettled(batch.map((handle) => handle.waitForFinal(10_000)));
  }
  return { times: joinResponseTimes(times), handles };
}

async function measureBaselines(): Promise<Record<Mode, LatencySummary>> {
  const discord = await createFakeDiscord();
  const crowd = buildCrowd(discord);
  const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  try {
    await deployCommands(rest, { applicationId: discord.applicationId, guildId: crowd.guildId }, commandData);
    const client = await startBareClient(discord.apiUrl, discord.botToken);
    let gateway: ResponseTimes;
    try {
      await readResponseTimes(runAtOnce(discord, crowd, databaseOnly));
      gateway = (await measureRounds(discord, crowd, databaseOnly, { awaitFinal: false })).times;
    } finally {
      await client.destroy();
    }
    const endpoint = await startBareEndpoint(discord.publicKey);
    try {
      await discord.setInteractionsEndpoint(endpoint.url);
      await readResponseTimes(runAtOnce(discord, crowd, databaseOnly));
      const http = (await measureRounds(discord, crowd, databaseOnly, { awaitFinal: false })).times;
      return {
        gateway: summariseLatencies(gateway.latenciesMs, gateway.unanswered),
        http: summariseLatencies(http.latenciesMs, http.unanswered),
      };
    } finally {
      await endpoint.close();
    }
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await discord.close();
  }
}

/** Each member links its own sandbox account with an API key, through the bot's own linking code. */
async function linkCrowd(stack: LocalStack, crowd: Crowd): Promise<void> {
  for (const [index, userId] of crowd.memberIds.entries()) {
    const username = `member${index + 1}`;
    stack.sandbox.control.createUser({ username, rating: 1500 + index });
    const { key } = stack.sandbox.control.createApiKey({ username, level: "read" });
    await linkWithApiKey(stack.bot.deps, { guildId: crowd.guildId, userId }, key);
  }
}

interface BotFigures {
  readonly databaseOnly: LatencySummary;
  readonly waitsOnPlatform: LatencySummary;
  /** `/whoami` edits that arrived after the slow platform answered, out of all sent. */
  readonly finished: number;
  /** From sending the first `/whoami` to the last edit: at least the platform's delay if it was slow. */
  readonly finishedAfterMs: number;
  /** HTTP answers the fake refused (bad status, unreadable, or a callback Discord would reject). */
  readonly refused: number;
}

async function measureBot(mode: Mode): Promise<BotFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-bench-interactions-"));
  const proxy = await startSlowProxy();
  let crowd: Crowd | undefined;
  const stack = await startLocalStack({
    dataDir,
    logger: createLogger({ level: "warn" }),
    interactionsMode: mode,
    env: {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PLATFORM_API_URL: `${proxy.url}/v1`,
      PLATFORM_TIMEOUT_MS: String(platformDelayMs + 5000),
    },
    buildWorld: (discord) => {
      crowd = buildCrowd(discord);
      return [crowd.guildId];
    },
  });
  proxy.target = stack.sandbox.url;
  try {
    if (crowd === undefined) throw new Error("the world was not built");
    await linkCrowd(stack, crowd);
    const warmUp = runAtOnce(stack.discord, crowd, databaseOnly);
    await Promise.allSettled(warmUp.map((handle) => handle.waitForFinal(10_000)));

    const local = await measureRounds(stack.discord, crowd, databaseOnly, { awaitFinal: true });
    proxy.delayMs = platformDelayMs;
    const slowStarted = performance.now();
    const slow = await measureRounds(stack.discord, crowd, waitsOnPlatform, { awaitFinal: false });
    const finals = await Promise.allSettled(
      slow.handles.map((handle) => handle.waitForFinal(platformDelayMs + 10_000)),
    );
    const finished = finals.filter(
      (final) =>
        final.status === "fulfilled" && final.value.embeds[0]?.title?.startsWith("Linked as") === true,
    ).length;
    return {
      databaseOnly: summariseLatencies(local.times.latenciesMs, local.times.unanswered),
      waitsOnPlatform: summariseLatencies(slow.times.latenciesMs, slow.times.unanswered),
      finished,
      finishedAfterMs: performance.now() - slowStarted,
      refused: stack.discord.httpDeliveryFailures.length,
    };
  } finally {
    proxy.delayMs = 0;
    await stack.close();
    await proxy.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints one case beside its baseline; returns whether it met both targets. */
function report(
  label: string,
  figures: LatencySummary,
  baseline: LatencySummary,
  baselineName: string,
): boolean {
  const p99Met = figures.p99 <= p99TargetMs;
  const maxMet = figures.max < maxTargetMs && figures.unanswered === 0;
  console.log(
    `${label}: ${formatSummary(figures)} | baseline (${baselineName}): ${formatSummary(baseline)} | ` +
      `ratio p50 ${formatRatio(figures.p50, baseline.p50)}, p99 ${formatRatio(figures.p99, baseline.p99)} | ` +
      `p99 ≤ ${p99TargetMs} ms: ${p99Met ? "met" : "MISSED"} | max < 3 s: ${maxMet ? "met" : "MISSED"}` +
      (figures.unanswered > 0 ? ` | ${figures.unanswered} unanswered` : ""),
  );
  return p99Met && maxMet;
}

/** Both cases of one mode beside the bare discord.js Client; HTTP also beside a bare endpoint. */
function reportMode(mode: Mode, figures: BotFigures, baselines: Record<Mode, LatencySummary>): boolean {
  const bare = "bare discord.js Client, deferReply";
  const local = report(
    `${mode}, /leaderboard server (database only)`,
    figures.databaseOnly,
    baselines.gateway,
    bare,
  );
  const slowLabel = `${mode}, /whoami (platform takes ${(platformDelayMs / 1000).toFixed(0)} s)`;
  const slow = report(slowLabel, figures.waitsOnPlatform, baselines.gateway, bare);
  if (mode === "http") {
    console.log(
      `http, beside a bare endpoint (verify, answer 5: ${formatSummary(baselines.http)}): ratio p99 ` +
        `${formatRatio(figures.databaseOnly.p99, baselines.http.p99)} database only, ` +
        `${formatRatio(figures.waitsOnPlatform.p99, baselines.http.p99)} /whoami`,
    );
  }
  const sent = crowdSize * rounds;
  console.log(
    `${mode}: ${figures.finished}/${sent} /whoami answers completed once the platform answered, the last ` +
      `${(figures.finishedAfterMs / 1000).toFixed(1)} s after the first was sent` +
      (figures.refused > 0 ? ` | ${figures.refused} HTTP answers refused by the fake` : ""),
  );
  return local && slow && figures.finished === sent && figures.refused === 0;
}

const started = performance.now();
const baselines = await measureBaselines();
const gateway = await measureBot("gateway");
const http = await measureBot("http");
console.log(
  `interaction initial response: ${crowdSize} members at once × ${rounds} rounds per case, fake Discord and ` +
    `bot in one process; ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
);
const gatewayMet = reportMode("gateway", gateway, baselines);
const httpMet = reportMode("http", http, baselines);
if (!gatewayMet || !httpMet) {
  console.log("interaction response: a target was MISSED");
  process.exitCode = 1;
}
