// The targets of bench/webhook-ingest.ts and their load generator, each in its own process: a target is started
// once, warmed up, then measured in rounds that the bench interleaves with the other targets' (its event-loop
// delay and CPU over each round), and after it stops every event it acknowledged, in any round or warm-up, is
// looked up in its database.
import Database from "better-sqlite3";
import type {
  GeneratorReady,
  GeneratorSettings,
  LoadRequest,
  LoadResult,
  LoadStarted,
} from "./autocannon-worker.js";
import type { LoopDelay, MeasureCommand, TargetReady } from "./ingest-target.js";
import { spawnNodeChild, type NodeChild } from "./node-child.js";

export interface IngestTarget {
  /** The target's program, relative to the repo root; `request` reaches it as JSON in argv. */
  readonly entry: string;
  readonly request: object;
  /** For a durable target: its SQLite file, and the query listing the event ids stored in it. */
  readonly stored?: { readonly databaseFile: string; readonly eventIdsQuery: string };
}

/** After a durable target stopped: how many events its database holds, and how many acknowledged ones it lacks. */
export interface StoredCheck {
  readonly rows: number;
  /** Every acknowledged event, the warm-ups' too. */
  readonly acked: number;
  readonly missing: number;
}

/** One measured round of one target. */
export interface RoundMeasurement {
  readonly load: Omit<LoadResult, "ackedIds">;
  readonly loopDelay: LoopDelay;
}

/** The load generator: one process for the whole bench, one load at a time. */
export interface LoadGenerator {
  run(request: LoadRequest, onStarted?: () => void): Promise<LoadResult>;
  stop(): Promise<void>;
}

export async function startLoadGenerator(settings: GeneratorSettings): Promise<LoadGenerator> {
  const child = spawnNodeChild("bench/support/autocannon-worker.ts", { args: [JSON.stringify(settings)] });
  try {
    // A load sent before the generator listens would be lost: it says when it does.
    await child.nextMessage<GeneratorReady>(60_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    async run(request, onStarted) {
      // Listening before the request goes out: an answer is never missed.
      if (request.warmup) {
        const result = child.nextMessage<LoadResult>(request.durationMs + 60_000);
        child.process.send(request);
        return await result;
      }
      const started = child.nextMessage<LoadStarted>(60_000);
      child.process.send(request);
      await started;
      const result = child.nextMessage<LoadResult>(request.durationMs + 60_000);
      onStarted?.();
      return await result;
    },
    stop: () => child.stop(),
  };
}

/** A target's process, started and told to listen; `run` its rounds, then `stop` and check what it stored. */
export interface RunningTarget {
  readonly url: string;
  /** A load the target is sent that no figure counts (its acknowledged events are still checked). */
  warmUp(generator: LoadGenerator, load: Omit<LoadRequest, "url" | "warmup" | "bodies">): Promise<void>;
  measureRound(
    generator: LoadGenerator,
    load: Omit<LoadRequest, "url" | "warmup">,
  ): Promise<RoundMeasurement>;
  /** SIGTERM, so the target closes its database. */
  stop(): Promise<void>;
  /** Once stopped: every event it acknowledged looked up in its database; undefined if it stores nothing. */
  checkStored(): StoredCheck | undefined;
}

export async function startTarget(target: IngestTarget): Promise<RunningTarget> {
  // INGEST_CPU_PROF=<folder> writes each target's CPU profiles there, one per thread (its SQLite thread too).
  const profileDir = process.env.INGEST_CPU_PROF;
  const server: NodeChild = spawnNodeChild(target.entry, {
    args: [JSON.stringify(target.request)],
    nodeFlags: [
      ...(profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]),
      // INGEST_NODE_FLAGS="--trace-deopt …" passes more of node's flags to each target (its threads too).
      ...(process.env.INGEST_NODE_FLAGS?.split(" ").filter((flag) => flag !== "") ?? []),
    ],
  });
  let url: string;
  try {
    ({ url } = await server.nextMessage<TargetReady>(60_000));
  } catch (error) {
    await server.stop();
    throw error;
  }
  const ackedIds: string[] = [];
  const keepAcked = (ids: readonly string[]) => {
    for (const id of ids) ackedIds.push(id);
  };
  return {
    url,
    async warmUp(generator, load) {
      keepAcked((await generator.run({ ...load, url, warmup: true, bodies: 0 })).ackedIds);
    },
    async measureRound(generator, load) {
      const { ackedIds: acked, ...figures } = await generator.run({ ...load, url, warmup: false }, () => {
        server.process.send({ measure: "start" } satisfies MeasureCommand);
      });
      keepAcked(acked);
      const delay = server.nextMessage<LoopDelay>(10_000);
      server.process.send({ measure: "stop" } satisfies MeasureCommand);
      return { load: figures, loopDelay: await delay };
    },
    stop: () => server.stop(),
    checkStored: () => (target.stored === undefined ? undefined : checkStored(target.stored, ackedIds)),
  };
}

function checkStored(stored: NonNullable<IngestTarget["stored"]>, ackedIds: readonly string[]): StoredCheck {
  const db = new Database(stored.databaseFile, { readonly: true });
  try {
    const ids = new Set(db.prepare(stored.eventIdsQuery).pluck().all() as string[]);
    return {
      rows: ids.size,
      acked: ackedIds.length,
      missing: ackedIds.filter((id) => !ids.has(id)).length,
    };
  } finally {
    db.close();
  }
}
