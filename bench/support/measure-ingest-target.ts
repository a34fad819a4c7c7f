// One target of bench/webhook-ingest.ts measured: the target in its own process, autocannon in another, the
// target's event-loop delay over the load, and then every acknowledged event looked up in its database.
import Database from "better-sqlite3";
import type { LoadRequest, LoadResult, LoadStarted } from "./autocannon-worker.js";
import type { LoopDelay, MeasureCommand, TargetReady } from "./ingest-target.js";
import { spawnNodeChild } from "./node-child.js";

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
  /** Every acknowledged event, the warm-up's too. */
  readonly acked: number;
  readonly missing: number;
}

export interface TargetMeasurement {
  readonly load: Omit<LoadResult, "ackedIds">;
  readonly loopDelay: LoopDelay;
  readonly stored?: StoredCheck;
}

export async function measureTarget(
  target: IngestTarget,
  load: Omit<LoadRequest, "url">,
): Promise<TargetMeasurement> {
  // INGEST_CPU_PROF=<folder> writes each target's CPU profiles there, one per thread (its SQLite thread too).
  const profileDir = process.env.INGEST_CPU_PROF;
  const server = spawnNodeChild(target.entry, {
    args: [JSON.stringify(target.request)],
    nodeFlags: [
      ...(profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]),
      // INGEST_NODE_FLAGS="--trace-deopt …" passes more of node's flags to each target (its threads too).
      ...(process.env.INGEST_NODE_FLAGS?.split(" ").filter((flag) => flag !== "") ?? []),
    ],
  });
  let result: LoadResult;
  let loopDelay: LoopDelay;
  try {
    const { url } = await server.nextMessage<TargetReady>(60_000);
    const request: LoadRequest = { ...load, url };
    const generator = spawnNodeChild("bench/support/autocannon-worker.ts", {
      args: [JSON.stringify(request)],
    });
    try {
      await generator.nextMessage<LoadStarted>(load.warmupMs + 60_000);
      server.process.send({ measure: "start" } satisfies MeasureCommand);
      result = await generator.nextMessage<LoadResult>(load.durationMs + 60_000);
    } finally {
      await generator.stop();
    }
    server.process.send({ measure: "stop" } satisfies MeasureCommand);
    loopDelay = await server.nextMessage<LoopDelay>(10_000);
  } finally {
    // SIGTERM: the target closes its database, so everything committed is in the file read below.
    await server.stop();
  }
  const { ackedIds, ...figures } = result;
  if (target.stored === undefined) return { load: figures, loopDelay };
  return { load: figures, loopDelay, stored: checkStored(target.stored, ackedIds) };
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
