/**
 * Memory benchmark (docs/architecture.md, "Performance targets": 10,000 guilds on the fake gateway in
 * ≤ 150 MB RSS and ≤ 1/3 of discord.js default caching). Run: npx tsx bench/memory.ts [guilds] [seed]
 * [--compiled]
 *
 * The fake Discord in this process holds `guilds` guilds of realistic size (seed-realistic-guilds.ts: most
 * small, a few with 80 channels, 60 roles and tens of thousands of members) and recommends one shard per
 * 1,000 guilds (Discord requires sharding past 2,500 guilds a session). Two child processes log in to it one
 * after the other, so neither disturbs the other:
 * - the bot: src/main.ts as `npm start` runs it (tsx), SQLite in a temp dir, SHARD_COUNT=auto;
 * - the baseline: a plain discord.js Client, same intent (Guilds), default caching, shards "auto", also
 *   under tsx so the two differ only in what they run.
 * Both run with --expose-gc and bench/support/memory-probe.ts, which waits until every guild is available,
 * then collects garbage once a second until RSS has stopped falling, and reports RSS and heap.
 * 1 MB = 10^6 bytes. RSS is that of the process holding the gateway: `npm start` also runs npm and the tsx
 * command-line wrapper as two more processes, not counted here.
 *
 * By default both ways of running are measured: built by tsc and run by plain node (`npm run build`, then
 * `npm run start:built`: how the README deploys it, and what the targets are checked on), then through tsx
 * (`npm start`), whose loader thread costs ~40 MB more. `--compiled` or `--tsx` measures one of them.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createFakeDiscord, type FakeDiscord } from "../fake-discord/index.js";
import { compileForBench } from "./support/compile-for-bench.js";
import type { MeasureRequest, MemoryReport, ProbedGateway } from "./support/memory-probe.js";

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const guildCount = Number(positional[0] ?? 10_000);
const seed = Number(positional[1] ?? 1);
const modes = process.argv.includes("--compiled")
  ? [true]
  : process.argv.includes("--tsx")
    ? [false]
    : [true, false];
const targetRssMb = 150;
const targetRatio = 1 / 3;
const readyTimeoutMs = 60_000;
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** How a child is started: through tsx from the sources, or by plain node from the build and its bundle. */
interface Launch {
  readonly loader: readonly string[];
  readonly probe: string;
  readonly bot: string;
  readonly baseline: string;
  /** The build, removed after the run. */
  readonly built?: string;
}

function chooseLaunch(compiled: boolean): Launch {
  if (!compiled) {
    return {
      loader: ["--import", "tsx"],
      probe: pathToFileURL(path.join(repoRoot, "bench/support/memory-probe.ts")).href,
      bot: "src/main.ts",
      baseline: "bench/support/default-client.ts",
    };
  }
  const built = compileForBench(repoRoot);
  return {
    loader: [],
    probe: pathToFileURL(path.join(built, "bench/support/memory-probe.js")).href,
    bot: path.join(built, "main.js"),
    baseline: path.join(built, "bench/support/default-client.js"),
    built,
  };
}

/** Runs `entry` with the probe, asks for its memory once every guild is available, then kills it. */
async function measureProcess(
  fake: FakeDiscord,
  launch: Launch,
  entry: string,
  env: Readonly<Record<string, string>>,
): Promise<MemoryReport> {
  const child = spawn(process.execPath, ["--expose-gc", ...launch.loader, "--import", launch.probe, entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  try {
    const request: MeasureRequest = { expectedGuilds: guildCount, timeoutMs: readyTimeoutMs };
    child.send(request);
    const report = await Promise.race([
      once(child, "message").then(([message]) => message as MemoryReport),
      once(child, "exit").then(([code]) => {
        throw new Error(`${entry} exited with ${String(code)}:\n${output.join("").slice(-4000)}`);
      }),
    ]);
    if (report.guildsAvailable < guildCount) console.log(output.join("").slice(-4000));
    return report;
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    }
    // The killed client's shards stay resumable, with their backlogs; the next client starts afresh.
    fake.gateway.invalidateSessions();
  }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const describeCache = (cached: Readonly<Record<string, number>>) =>
  Object.keys(cached).length === 0
    ? "nothing (a gateway client without caches)"
    : Object.entries(cached)
        .map(([name, count]) => `${name} ${count}`)
        .join(", ");

const folder = mkdtempSync(path.join(os.tmpdir(), "memory-bench-"));
const fake = await createFakeDiscord();
let missed = false;
try {
  const seeding = performance.now();
  const world = fake.seedRealisticGuilds({ count: guildCount, seed });
  console.log(
    `world: ${world.guilds} guilds (${Object.entries(world.byProfile)
      .map(([name, count]) => `${count} ${name}`)
      .join(", ")}), ${world.channels} channels, ${world.threads} threads, ${world.roles} roles, ` +
      `${world.overwrites} overwrites, ${world.emojis} emojis, ${world.stickers} stickers, ` +
      `${world.memberCount} members in all; seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  for (const compiled of modes) {
    const launch = chooseLaunch(compiled);
    try {
      if (!(await measureLaunch(launch, compiled))) missed = true;
    } finally {
      if (launch.built !== undefined) rmSync(launch.built, { recursive: true, force: true });
    }
  }
  if (missed) {
    console.log("memory: a target was MISSED");
    process.exitCode = 1;
  }
} finally {
  await fake.close();
  rmSync(folder, { recursive: true, force: true });
}

/** Measures the bot and the baseline run one way; false when a target is missed. */
async function measureLaunch(launch: Launch, compiled: boolean): Promise<boolean> {
  const discord = { DISCORD_TOKEN: fake.botToken, DISCORD_APPLICATION_ID: fake.applicationId };
  const bot = await measureProcess(fake, launch, launch.bot, {
    ...discord,
    DISCORD_API_URL: fake.apiUrl,
    // Never called: the bot reaches the platform only when members use commands or webhooks arrive.
    PLATFORM_API_URL: "http://127.0.0.1:9/v1",
    HOST: "127.0.0.1",
    PORT: "0",
    METRICS_PORT: "off",
    DATABASE_URL: `file:${path.join(folder, compiled ? "built.sqlite" : "tsx.sqlite")}`,
    DATA_DIR: folder,
    SHARD_COUNT: "auto",
    LOG_LEVEL: "warn",
    MEMORY_PROBE_GATEWAY: "@discordjs/ws" satisfies ProbedGateway,
  });
  const baseline = await measureProcess(fake, launch, launch.baseline, {
    ...discord,
    DISCORD_API_URL: fake.apiUrl,
    MEMORY_PROBE_GATEWAY: "discord.js" satisfies ProbedGateway,
  });
  const way = compiled ? "built, plain node (npm run start:built)" : "tsx (npm start)";
  const ratio = bot.rss / baseline.rss;
  console.log(`\n-- ${way}`);
  console.log(
    `memory ${guildCount} guilds: RSS bot ${mb(bot.rss)} MB | RSS default caching ${mb(baseline.rss)} MB | ` +
      `ratio ${ratio.toFixed(2)} (target ≤ ${targetRatio.toFixed(2)}) | target ≤ ${targetRssMb} MB`,
  );
  console.log(
    `heap used bot ${mb(bot.heapUsed)} MB | default caching ${mb(baseline.heapUsed)} MB | ` +
      `ratio ${(bot.heapUsed / baseline.heapUsed).toFixed(2)} | heap total ${mb(bot.heapTotal)} / ` +
      `${mb(baseline.heapTotal)} MB | external ${mb(bot.external)} / ${mb(baseline.external)} MB`,
  );
  console.log(
    `guilds available bot ${bot.guildsAvailable} on ${bot.shards} shards, default ${baseline.guildsAvailable} ` +
      `on ${baseline.shards} shards | all available ` +
      `after ${bot.readySeconds.toFixed(1)} s (bot), ${baseline.readySeconds.toFixed(1)} s (default)`,
  );
  console.log(`cached by the bot: ${describeCache(bot.cached)}`);
  console.log(`cached by default: ${describeCache(baseline.cached)}`);
  const allAvailable = bot.guildsAvailable === guildCount && baseline.guildsAvailable === guildCount;
  if (!allAvailable) return false;
  // The targets hold for the deployed build; under tsx the figures are reported beside it.
  return !compiled || (bot.rss <= targetRssMb * 1e6 && ratio <= targetRatio);
}
