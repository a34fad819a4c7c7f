/**
 * Interaction initial response (docs/architecture.md, "Performance targets": at 100 concurrent interactions,
 * p99 ≤ 50 ms over the gateway and ≤ 1.5 × a bare verifying endpoint's over HTTP, never past 3 s even when the
 * platform takes 10 s). Run: npx tsx bench/interaction-response.ts
 * [rounds] [platform delay ms] [--cpu-prof] (writes CPU profiles of each child process into a temp folder,
 * printed at the end).
 *
 * The real bot as production runs it: `src/main.ts` in its own process (under tsx, as `npm start`), settings in
 * its environment, SQLite file with fsync'd commits. The fake Discord and the platform sandbox stay in this
 * process, and a slow proxy in front of the sandbox runs in one of its own (the 100 connections the bot opens to
 * it would otherwise be accepted on the fake's event loop, inside the times being measured). Over the gateway and over
 * HTTP interactions (the fake's Interactions Endpoint URL set to the bot's /interactions). 100 members, linked
 * first through /link and the API-key modal, run a command at the same moment, `rounds` times per case; each
 * time is the fake's own: from creating the interaction (before sending it) to receiving the initial response
 * (the REST callback, or the HTTP answer), on its clock (1 ms steps).
 * - database only: `/leaderboard server` (the read model; the bot defers, then edits from SQLite);
 * - waits on the platform: `/whoami`, with every platform call held for 10 s by the proxy (PLATFORM_TIMEOUT_MS
 *   above that): the defer must not wait for it. Its edits are awaited at the end.
 * Baselines, same fake code and machine, same run, each in its own process too: a bare discord.js Client that
 * defers on `interactionCreate`, and, for HTTP interactions, a bare endpoint that checks the signature and
 * answers "deferred". Each responder gets one unmeasured round first, so it is warm as a running bot is.
 *
 * The times still include the fake's own work in this process (creating, sending, signing, parsing the
 * answers), as the baselines' do; with 2 cores the fake and the responder mostly run side by side.
 */
import { mkdtempSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { REST } from "@discordjs/rest";
import { commandData } from "../src/commands/command-data.js";
import { deployCommands } from "../src/discord/deploy-commands.js";
import { createFakeDiscord } from "../fake-discord/index.js";
import { buildSandbox } from "../sandbox/sandbox.js";
import type { BareResponderReady, BareResponderRequest } from "./support/bare-responder-child.js";
import { startBotChild, type BotChild } from "./support/bot-child.js";
import {
  buildCrowd,
  measureRounds,
  readResponseTimes,
  runAtOnce,
  type Invocation,
  type ResponseTimes,
} from "./support/concurrent-interactions.js";
import {
  formatRatio,
  formatSummary,
  summariseLatencies,
  type LatencySummary,
} from "./support/latency-summary.js";
import { linkCrowd } from "./support/link-crowd.js";
import { spawnNodeChild, type NodeChild } from "./support/node-child.js";
import { startSlowProxyProcess } from "./support/slow-proxy.js";

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const rounds = Number(positional[0] ?? 3);
const platformDelayMs = Number(positional[1] ?? 10_000);
const profileDir = process.argv.includes("--cpu-prof")
  ? mkdtempSync(join(tmpdir(), "arena-bench-interaction-profiles-"))
  : undefined;
const crowdSize = 100;
/** Over the gateway, a fixed bound; over HTTP, a multiple of the bare endpoint's p99 in the same run. */
const gatewayP99TargetMs = 50;
const httpP99TargetRatio = 1.5;
const maxTargetMs = 3000;
const databaseOnly: Invocation = { name: "leaderboard", subcommand: "server" };
const waitsOnPlatform: Invocation = { name: "whoami" };

type Mode = "gateway" | "http";

/**
 * Node flags that make a child write its CPU profiles into `<profile folder>/<name>` when it exits, with
 * --cpu-prof. Node's own file names: tsx's loader thread writes a profile of its own beside the main thread's.
 */
function profileFlags(name: string): string[] {
  return profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${join(profileDir, name)}`];
}

/** Starts one baseline in its own process; resolves with its endpoint's address, if it has one. */
async function startBaseline(
  request: BareResponderRequest,
  name: string,
): Promise<{ child: NodeChild; ready: BareResponderReady }> {
  const child = spawnNodeChild("bench/support/bare-responder-child.ts", {
    args: [JSON.stringify(request)],
    nodeFlags: profileFlags(name),
  });
  try {
    return { child, ready: await child.nextMessage<BareResponderReady>(30_000) };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

async function measureBaselines(): Promise<Record<Mode, LatencySummary>> {
  const discord = await createFakeDiscord();
  const crowd = buildCrowd(discord, crowdSize);
  const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  try {
    await deployCommands(rest, { applicationId: discord.applicationId, guildId: crowd.guildId }, commandData);
    const client = await startBaseline(
      { kind: "client", apiUrl: discord.apiUrl, token: discord.botToken },
      "bare-client",
    );
    let gateway: ResponseTimes;
    try {
      await readResponseTimes(runAtOnce(discord, crowd, databaseOnly));
      gateway = (await measureRounds(discord, crowd, databaseOnly, rounds, { awaitFinal: false })).times;
    } finally {
      await client.child.stop();
    }
    const endpoint = await startBaseline({ kind: "endpoint", publicKey: discord.publicKey }, "bare-endpoint");
    try {
      if (endpoint.ready.url === undefined) throw new Error("the bare endpoint sent no address");
      await discord.setInteractionsEndpoint(endpoint.ready.url);
      await readResponseTimes(runAtOnce(discord, crowd, databaseOnly));
      const http = (await measureRounds(discord, crowd, databaseOnly, rounds, { awaitFinal: false })).times;
      return {
        gateway: summariseLatencies(gateway.latenciesMs, gateway.unanswered),
        http: summariseLatencies(http.latenciesMs, http.unanswered),
      };
    } finally {
      await endpoint.child.stop();
    }
  } finally {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await discord.close();
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

/** The bot and the slow proxy each in its own process; the sandbox and the fake Discord in this one. */
async function measureBot(mode: Mode): Promise<BotFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), "arena-bench-interactions-"));
  const sandbox = await buildSandbox({ seed: false });
  await sandbox.listen(0, "127.0.0.1");
  const discord = await createFakeDiscord();
  const crowd = buildCrowd(discord, crowdSize);
  const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  const proxy = await startSlowProxyProcess();
  let bot: BotChild | undefined;
  try {
    await proxy.configure({ target: sandbox.url });
    await deployCommands(rest, { applicationId: discord.applicationId, guildId: crowd.guildId }, commandData);
    bot = await startBotChild({
      discord,
      interactionsMode: mode,
      platformApiUrl: `${proxy.url}/v1`,
      platformTimeoutMs: platformDelayMs + 5000,
      dataDir,
      nodeFlags: profileFlags(`bot-${mode}`),
    });
    if (mode === "http") await discord.setInteractionsEndpoint(`${bot.url}/interactions`);
    await linkCrowd(discord, sandbox, crowd);
    const warmUp = runAtOnce(discord, crowd, databaseOnly);
    await Promise.allSettled(warmUp.map((handle) => handle.waitForFinal(10_000)));

    const local = await measureRounds(discord, crowd, databaseOnly, rounds, { awaitFinal: true });
    await proxy.configure({ delayMs: platformDelayMs });
    const slowStarted = performance.now();
    // Between rounds, until every handler of the round is waiting on the platform (its request reached the
    // proxy): the next round then starts on an idle bot too, as the database-only rounds do.
    const receivedBefore = await proxy.configure({});
    const slow = await measureRounds(discord, crowd, waitsOnPlatform, rounds, {
      awaitFinal: false,
      settle: async (round) => {
        const expected = receivedBefore + (round + 1) * crowd.memberIds.length;
        const deadline = performance.now() + 10_000;
        while ((await proxy.configure({})) < expected && performance.now() < deadline) await sleep(20);
      },
    });
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
      refused: discord.httpDeliveryFailures.length,
    };
  } catch (error) {
    // What the bot logged (warnings and errors) says why; all of it is read once the process has exited.
    if (bot !== undefined) {
      await bot.child.stop();
      console.error(`the bot's output:\n${bot.child.output()}`);
    }
    throw error;
  } finally {
    await bot?.child.stop();
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await discord.close();
    await proxy.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A mode's p99 bound in milliseconds, and how the report names it. */
interface P99Target {
  readonly ms: number;
  readonly text: string;
}

/** Prints one case beside its baseline; returns whether it met both targets. */
function report(
  label: string,
  figures: LatencySummary,
  baseline: { readonly summary: LatencySummary; readonly name: string },
  p99Target: P99Target,
): boolean {
  const p99Met = figures.p99 <= p99Target.ms;
  const maxMet = figures.max < maxTargetMs && figures.unanswered === 0;
  console.log(
    `${label}: ${formatSummary(figures)} | baseline (${baseline.name}): ${formatSummary(baseline.summary)} | ` +
      `ratio p50 ${formatRatio(figures.p50, baseline.summary.p50)}, ` +
      `p99 ${formatRatio(figures.p99, baseline.summary.p99)} | ` +
      `${p99Target.text}: ${p99Met ? "met" : "MISSED"} | max < 3 s: ${maxMet ? "met" : "MISSED"}` +
      (figures.unanswered > 0 ? ` | ${figures.unanswered} unanswered` : ""),
  );
  return p99Met && maxMet;
}

/**
 * Both cases of one mode beside that mode's bare responder: over the gateway a discord.js Client, over HTTP an
 * endpoint that verifies and answers "deferred".
 */
function reportMode(mode: Mode, figures: BotFigures, baselines: Record<Mode, LatencySummary>): boolean {
  const { baseline, p99Target } =
    mode === "gateway"
      ? {
          baseline: { summary: baselines.gateway, name: "bare discord.js Client, deferReply" },
          p99Target: { ms: gatewayP99TargetMs, text: `p99 ≤ ${gatewayP99TargetMs} ms` },
        }
      : {
          baseline: { summary: baselines.http, name: "bare endpoint: verify, answer 5" },
          p99Target: {
            ms: httpP99TargetRatio * baselines.http.p99,
            text: `p99 ≤ ${httpP99TargetRatio} × the bare endpoint's`,
          },
        };
  const local = report(
    `${mode}, /leaderboard server (database only)`,
    figures.databaseOnly,
    baseline,
    p99Target,
  );
  const slowLabel = `${mode}, /whoami (platform takes ${(platformDelayMs / 1000).toFixed(0)} s)`;
  const slow = report(slowLabel, figures.waitsOnPlatform, baseline, p99Target);
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
  `interaction initial response: ${crowdSize} members at once × ${rounds} rounds per case, the bot and ` +
    `the baselines each in a process of their own; ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
);
const gatewayMet = reportMode("gateway", gateway, baselines);
const httpMet = reportMode("http", http, baselines);
if (!gatewayMet || !httpMet) {
  console.log("interaction response: a target was MISSED");
  process.exitCode = 1;
}
if (profileDir !== undefined) console.log(`CPU profiles of the children: ${profileDir}`);
