/**
 * Durable webhook ingest (docs/architecture.md, "Performance targets"): the bot's receiver (verify, validate,
 * dedupe, route, enqueue, fsync'd commit on a SQLite file, then ack) beside two baselines of the same run: a
 * bare Fastify route answering 200, and a minimal durable receiver (verify the HMAC, parse, insert by id into
 * SQLite with WAL and synchronous=FULL, one commit per event-loop turn, answer after it). Each target runs in
 * its own process and autocannon in a third (bench/support/autocannon-worker.ts), with the same connections
 * and duration for all, after the same unmeasured warm-up, the measured run's bodies signed before it and
 * every event id unique. Targets: ≥ 0.5 × the minimal durable receiver, p99 ack ≤ 20 ms, every acknowledged
 * event in the database. Also printed: each target's CPU time (all its threads) per acknowledgement and its
 * event-loop delay during its load. Run: npx tsx bench/webhook-ingest.ts [seconds] [warm-up seconds]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IngestBotRequest } from "./support/ingest-bot-child.js";
import { measureTarget, type IngestTarget, type TargetMeasurement } from "./support/measure-ingest-target.js";
import type { MinimalReceiverRequest } from "./support/minimal-receiver-child.js";

const seconds = Number(process.argv[2] ?? 5);
/**
 * Before each target's measured seconds: in its first seconds of load V8 compiles its code, the bot's for longer
 * (on a slower 2-core machine its compiler threads still took 0.15 of a core 8 s in, 0.01-0.02 after 10-20 s).
 */
const warmupSeconds = Number(process.argv[3] ?? 15);
const connections = 20;
const secret = "bench-operator-secret-0123456789abcdef";
const targetRatio = 0.5;
const targetP99Ms = 20;
/**
 * Enough bodies signed before the measured run that no durable target is sent one twice: well above their rates
 * here; the bare route, which stores nothing, may be sent some twice on a fast machine. The warm-up signs its
 * own as it sends them (bench/support/autocannon-worker.ts).
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

const measured = new Map<string, TargetMeasurement>();
try {
  for (const [name, target] of Object.entries(targets)) {
    const runId = `${name.split(" ")[0] ?? "run"}${Date.now()}`;
    measured.set(
      name,
      await measureTarget(target, {
        secret,
        connections,
        durationMs: seconds * 1000,
        warmupMs: warmupSeconds * 1000,
        runId,
        bodies,
      }),
    );
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}

console.log(
  `webhook ingest: autocannon in its own process, ${connections} connections, ${seconds} s per target ` +
    `after ${warmupSeconds} s of unmeasured warm-up, ` +
    "the measured run's bodies signed before it, unique event ids; each target in its own process",
);
let everyAckStored = true;
let anyFailed = false;
for (const [name, { load, loopDelay, stored }] of measured) {
  const storedText =
    stored === undefined
      ? "stores nothing"
      : `${stored.acked} acked with the warm-up's, ${stored.missing === 0 ? "all" : `${stored.missing} NOT`} in its database (${stored.rows} rows)`;
  console.log(
    `${name.padEnd(25)} ${load.perSecond.toFixed(0).padStart(6)} req/s | p50 ${load.p50Ms.toFixed(1)} ms, ` +
      `p99 ${load.p99Ms.toFixed(1)} ms | CPU ${((loopDelay.cpuMs * 1000) / load.completed).toFixed(0)} µs/ack | ` +
      `event-loop delay p99 ${loopDelay.p99Ms.toFixed(1)} ms, max ${loopDelay.maxMs.toFixed(1)} ms | ${storedText}`,
  );
  if (loopDelay.commits !== undefined && loopDelay.commits.count > 0) {
    const { count, writes, seconds, elapsedMs } = loopDelay.commits;
    console.log(
      `  its commits: ${((count * 1000) / elapsedMs).toFixed(0)} a second, ` +
        `${(writes / count).toFixed(1)} events each, ${((seconds * 1000) / count).toFixed(2)} ms each ` +
        `(${((seconds * 100_000) / elapsedMs).toFixed(0)} % of the time)`,
    );
  }
  if (load.failed > 0) console.log(`  ${load.failed} non-2xx answers, errors or time-outs`);
  if (load.reused > 0) console.log(`  ${load.reused} bodies sent twice (answered as duplicates)`);
  everyAckStored &&= (stored?.missing ?? 0) === 0;
  anyFailed ||= load.failed > 0;
}

const figure = (name: keyof typeof targets) => measured.get(name)!.load;
const bot = figure("bot (durable ingest)");
const ratio = bot.perSecond / figure("minimal durable receiver").perSecond;
const ratioMet = ratio >= targetRatio;
const p99Met = bot.p99Ms <= targetP99Ms;
console.log(
  `bot / minimal durable receiver: ${ratio.toFixed(2)} | target ≥ ${targetRatio}: ${ratioMet ? "MET" : "MISSED"}`,
);
console.log(
  `bot / bare Fastify route: ${(bot.perSecond / figure("bare Fastify route").perSecond).toFixed(2)}`,
);
console.log(
  `bot's p99 ack: ${bot.p99Ms.toFixed(1)} ms | target ≤ ${targetP99Ms} ms: ${p99Met ? "MET" : "MISSED"}`,
);
const { loopDelay } = measured.get("bot (durable ingest)")!;
console.log(
  `bot's event loop during its load: delay p99 ${loopDelay.p99Ms.toFixed(1)} ms, max ${loopDelay.maxMs.toFixed(1)} ms`,
);
console.log(`every acknowledged event in its database: ${everyAckStored ? "yes" : "NO"}`);
if (!ratioMet) console.log('where the bot\'s time goes: docs/architecture.md, "Performance targets"');
process.exitCode = ratioMet && p99Met && everyAckStored && !anyFailed ? 0 : 1;
