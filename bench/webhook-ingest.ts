/**
 * Durable webhook ingest (docs/architecture.md, "Performance targets"): the bot's receiver (verify, validate,
 * dedupe, route, enqueue, fsync'd commit on a SQLite file, then ack) beside two baselines of the same run: a
 * bare Fastify route answering 200, and a minimal durable receiver (verify the HMAC, parse, insert by id into
 * SQLite with WAL and synchronous=FULL, one commit per event-loop turn, answer after it). Each target runs in
 * its own process for the whole bench and autocannon in another (bench/support/autocannon-worker.ts), with
 * the same connections for all. Each target is first sent the same unmeasured warm-up; then the targets are
 * measured in interleaved rounds, each round every target once, the rounds going through the six orders of
 * the three, so a machine whose speed drifts over minutes weighs on each target alike; the ratio is the
 * median of the rounds' ratios, printed with their spread. A round's bodies are signed before it and every
 * event id is unique. Targets: ≥ 0.5 × the minimal durable receiver, p99 ack ≤ 20 ms (over every answer of
 * the bot's rounds together), every acknowledged event in the database.
 * Also printed: each target's CPU time (all its threads) per acknowledgement and its event-loop delay during
 * its rounds. Run: npx tsx bench/webhook-ingest.ts [rounds] [seconds a round] [warm-up seconds]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IngestBotRequest } from "./support/ingest-bot-child.js";
import { summariseLatencies } from "./support/latency-summary.js";
import {
  startLoadGenerator,
  startTarget,
  type IngestTarget,
  type LoadGenerator,
  type RoundMeasurement,
  type RunningTarget,
  type StoredCheck,
} from "./support/measure-ingest-target.js";
import type { MinimalReceiverRequest } from "./support/minimal-receiver-child.js";

const rounds = Number(process.argv[2] ?? 6);
const seconds = Number(process.argv[3] ?? 5);
/**
 * Before each target's rounds: in its first seconds of load V8 compiles its code, the bot's for longer (on a
 * slower 2-core machine its compiler threads still took 0.15 of a core 8 s in, 0.01-0.02 after 10-20 s).
 */
const warmupSeconds = Number(process.argv[4] ?? 15);
const connections = 20;
const secret = "bench-operator-secret-0123456789abcdef";
const targetRatio = 0.5;
const targetP99Ms = 20;
/**
 * Enough bodies signed before each round that no durable target is sent one twice: well above their rates
 * here; the bare route, which stores nothing, may be sent some twice on a fast machine.
 */
const bodies = seconds * 30_000;

const folder = await mkdtemp(join(tmpdir(), "arena-bench-"));
const minimalFile = join(folder, "minimal.sqlite");
const targets = {
  "bare Fastify route": { entry: "bench/support/bare-route-child.ts", request: {} },
  "minimal durable receiver": {
    entry: "bench/support/minimal-receiver-child.ts",
    request: { databaseFile: minimalFile, secret } satisfies MinimalReceiverRequest,
    stored: { databaseFile: minimalFile, eventIdsQuery: "select id from events" },
  },
  "bot (durable ingest)": {
    entry: "bench/support/ingest-bot-child.ts",
    request: { dataDir: folder, secret } satisfies IngestBotRequest,
    stored: { databaseFile: join(folder, "bot.sqlite"), eventIdsQuery: "select event_id from inbox_events" },
  },
} satisfies Record<string, IngestTarget>;
type TargetName = keyof typeof targets;
const names = Object.keys(targets) as TargetName[];

/**
 * Every order of the three targets, one a round: each target runs first, second and last equally often, and the
 * bot before and after the minimal receiver equally often, so a machine speeding up or slowing down over the
 * run weighs on neither side of the ratio.
 */
const orders: readonly (readonly TargetName[])[] = names.flatMap((first) =>
  names
    .filter((name) => name !== first)
    .map((second) => [first, second, ...names.filter((name) => name !== first && name !== second)]),
);

const measured = new Map<TargetName, RoundMeasurement[]>(names.map((name) => [name, []]));
const stored = new Map<TargetName, StoredCheck | undefined>();
const running = new Map<TargetName, RunningTarget>();
let generator: LoadGenerator | undefined;
try {
  generator = await startLoadGenerator({ secret, connections });
  for (const name of names) running.set(name, await startTarget(targets[name]));
  const runId = (name: TargetName, part: string) => `${name.split(" ")[0] ?? "run"}${part}${Date.now()}`;
  for (const name of names) {
    await running.get(name)!.warmUp(generator, { durationMs: warmupSeconds * 1000, runId: runId(name, "w") });
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const name of orders[round % orders.length]!) {
      const measurement = await running.get(name)!.measureRound(generator, {
        durationMs: seconds * 1000,
        runId: runId(name, `r${round}`),
        bodies,
      });
      measured.get(name)!.push(measurement);
    }
  }
} finally {
  // Every process stopped whatever failed, each database closed before it is read, the folder removed last.
  await Promise.allSettled([generator?.stop(), ...[...running.values()].map((target) => target.stop())]);
  try {
    for (const [name, target] of running) stored.set(name, target.checkStored());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const spread = (values: readonly number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

console.log(
  `webhook ingest: autocannon in its own process, ${connections} connections; each target in its own process, ` +
    `${warmupSeconds} s of unmeasured warm-up, then ${rounds} interleaved rounds of ${seconds} s ` +
    "(each round's bodies signed before it, unique event ids)",
);
let everyAckStored = true;
let anyFailed = false;
/** Each target's p99 over every answer of its rounds, summarised once. */
const pooledP99s = new Map<TargetName, number>();
for (const name of names) {
  const rows = measured.get(name)!;
  const completed = rows.reduce((sum, { load }) => sum + load.completed, 0);
  const cpuMs = rows.reduce((sum, { loopDelay }) => sum + loopDelay.cpuMs, 0);
  const rates = rows.map(({ load }) => load.perSecond);
  const latencies = summariseLatencies(
    rows.flatMap(({ load }) => load.latenciesMs),
    0,
  );
  pooledP99s.set(name, latencies.p99);
  const p99s = rows.map(({ load }) => summariseLatencies(load.latenciesMs, 0).p99);
  const check = stored.get(name);
  const storedText =
    check === undefined
      ? "stores nothing"
      : `${check.acked} acked with the warm-up's, ${check.missing === 0 ? "all" : `${check.missing} NOT`} in its database (${check.rows} rows)`;
  console.log(
    `${name.padEnd(25)} ${median(rates).toFixed(0).padStart(6)} req/s (rounds ${spread(rates, 0)}) | ` +
      `p50 ${latencies.p50.toFixed(1)} ms, p99 ${latencies.p99.toFixed(1)} ms ` +
      `(rounds ${spread(p99s, 1)}) | CPU ${((cpuMs * 1000) / completed).toFixed(0)} µs/ack | ` +
      `event-loop delay p99 ≤ ${Math.max(...rows.map(({ loopDelay }) => loopDelay.p99Ms)).toFixed(1)} ms, ` +
      `max ${Math.max(...rows.map(({ loopDelay }) => loopDelay.maxMs)).toFixed(1)} ms | ${storedText}`,
  );
  const commits = rows.flatMap(({ loopDelay }) =>
    loopDelay.commits === undefined ? [] : [loopDelay.commits],
  );
  const count = commits.reduce((sum, totals) => sum + totals.count, 0);
  if (count > 0) {
    const writes = commits.reduce((sum, totals) => sum + totals.writes, 0);
    const commitSeconds = commits.reduce((sum, totals) => sum + totals.seconds, 0);
    const elapsedMs = commits.reduce((sum, totals) => sum + totals.elapsedMs, 0);
    console.log(
      `  its commits: ${((count * 1000) / elapsedMs).toFixed(0)} a second, ` +
        `${(writes / count).toFixed(1)} events each, ${((commitSeconds * 1000) / count).toFixed(2)} ms each ` +
        `(${((commitSeconds * 100_000) / elapsedMs).toFixed(0)} % of the time)`,
    );
  }
  const failed = rows.reduce((sum, { load }) => sum + load.failed, 0);
  const reused = rows.reduce((sum, { load }) => sum + load.reused, 0);
  if (failed > 0) console.log(`  ${failed} non-2xx answers, errors or time-outs`);
  if (reused > 0) console.log(`  ${reused} bodies sent twice (answered as duplicates)`);
  everyAckStored &&= (check?.missing ?? 0) === 0;
  anyFailed ||= failed > 0;
}

/** The bot's rate over a baseline's, round by round: each pair measured within seconds of each other. */
const ratiosTo = (baseline: TargetName) =>
  measured
    .get("bot (durable ingest)")!
    .map(({ load }, round) => load.perSecond / measured.get(baseline)![round]!.load.perSecond);
const minimalRatios = ratiosTo("minimal durable receiver");
const ratio = median(minimalRatios);
const ratioMet = ratio >= targetRatio;
const bot = measured.get("bot (durable ingest)")!;
const botP99 = pooledP99s.get("bot (durable ingest)")!;
const p99Met = botP99 <= targetP99Ms;
console.log(
  `bot / minimal durable receiver: ${ratio.toFixed(2)} (median of ${rounds} rounds; ${spread(minimalRatios, 2)}) | ` +
    `target ≥ ${targetRatio}: ${ratioMet ? "MET" : "MISSED"}`,
);
const bareRatios = ratiosTo("bare Fastify route");
console.log(`bot / bare Fastify route: ${median(bareRatios).toFixed(2)} (rounds ${spread(bareRatios, 2)})`);
console.log(
  `bot's p99 ack: ${botP99.toFixed(1)} ms (every answer of its rounds) | target ≤ ${targetP99Ms} ms: ${p99Met ? "MET" : "MISSED"}`,
);
console.log(
  `bot's event loop during its rounds: delay p99 ≤ ${Math.max(...bot.map(({ loopDelay }) => loopDelay.p99Ms)).toFixed(1)} ms, ` +
    `max ${Math.max(...bot.map(({ loopDelay }) => loopDelay.maxMs)).toFixed(1)} ms`,
);
console.log(`every acknowledged event in its database: ${everyAckStored ? "yes" : "NO"}`);
if (!ratioMet) console.log("where the bot's time goes: docs/performance.md");
process.exitCode = ratioMet && p99Met && everyAckStored && !anyFailed ? 0 : 1;
