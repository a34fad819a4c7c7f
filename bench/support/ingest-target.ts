// What each target of bench/webhook-ingest.ts does in its own process: listens on a free port of 127.0.0.1,
// tells the bench its address over IPC, measures its event loop's delay between the bench's "start" and
// "stop" with the CPU time it used meanwhile (all its threads), and on SIGTERM shuts down cleanly, so its database is closed before the bench counts the rows.
import { monitorEventLoopDelay } from "node:perf_hooks";
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
}

export async function serveTarget(app: FastifyInstance, close: () => Promise<void>): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let cpuAtStart = process.cpuUsage();
  process.on("message", ({ measure }: MeasureCommand) => {
    if (measure === "start") {
      histogram.reset();
      histogram.enable();
      cpuAtStart = process.cpuUsage();
      return;
    }
    histogram.disable();
    const { user, system } = process.cpuUsage(cpuAtStart);
    const delay: LoopDelay = {
      p99Ms: histogram.percentile(99) / 1e6,
      maxMs: histogram.max / 1e6,
      cpuMs: (user + system) / 1000,
    };
    process.send?.(delay);
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
