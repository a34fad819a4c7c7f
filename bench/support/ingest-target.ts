// What each target of bench/webhook-ingest.ts does in its own process: listens on a free port of 127.0.0.1,
// tells the bench its address over IPC, measures its event loop's delay between the bench's "start" and
// "stop" with the CPU time it used meanwhile (all its threads) and, for a durable target, its commits, and on
// SIGTERM shuts down cleanly, so its database is closed before the bench counts the rows.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";

/** The webhook route every target answers on. */
export const webhookPath = "/webhooks/platform";

export interface TargetReady {
  readonly url: string;
}

export interface MeasureCommand {
  readonly measure: "start" | "stop";
}

/**
 * The event loop's delay while the load ran, in ms (node:perf_hooks, sampled every millisecond), and the CPU
 * time the process used meanwhile, every thread's (user and system): what its acknowledgements cost, whatever
 * else the machine ran.
 */
export interface LoopDelay {
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly cpuMs: number;
  /** A durable target's commits while the load ran, over `elapsedMs`. */
  readonly commits?: CommitTotals & { readonly elapsedMs: number };
}

/** A durable target's commits so far: how many, the writes (events) they held, and their time in seconds. */
export interface CommitTotals {
  readonly count: number;
  readonly writes: number;
  readonly seconds: number;
}

/** `readCommits`: a durable target's commit totals, read at the start and the end of the load. */
export async function serveTarget(
  app: FastifyInstance,
  close: () => Promise<void>,
  readCommits?: () => Promise<CommitTotals>,
): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let cpuAtStart = process.cpuUsage();
  let commitsAtStart: CommitTotals | undefined;
  let startedAt = performance.now();
  process.on("message", ({ measure }: MeasureCommand) => {
    void (async () => {
      // The load runs already: the CPU and the delay are taken first, so that their window starts with the
      // load's, then the commits (a read of the bot's metrics, a few ms of the window at each end).
      if (measure === "start") {
        histogram.reset();
        histogram.enable();
        cpuAtStart = process.cpuUsage();
        startedAt = performance.now();
        commitsAtStart = await readCommits?.();
        return;
      }
      histogram.disable();
      const { user, system } = process.cpuUsage(cpuAtStart);
      const elapsedMs = performance.now() - startedAt;
      const commitsAtEnd = await readCommits?.();
      const delay: LoopDelay = {
        p99Ms: histogram.percentile(99) / 1e6,
        maxMs: histogram.max / 1e6,
        cpuMs: (user + system) / 1000,
        ...(commitsAtStart === undefined || commitsAtEnd === undefined
          ? {}
          : {
              commits: {
                count: commitsAtEnd.count - commitsAtStart.count,
                writes: commitsAtEnd.writes - commitsAtStart.writes,
                seconds: commitsAtEnd.seconds - commitsAtStart.seconds,
                elapsedMs,
              },
            }),
      };
      process.send?.(delay);
    })();
  });
  process.on("SIGTERM", () => {
    void close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  process.send?.({ url: `${address}${webhookPath}` } satisfies TargetReady);
}
