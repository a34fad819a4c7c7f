// The one way the bot runs its periodic jobs (the hourly prunes, the daily tier role reconcile): each first a
// little after the start, then on its own interval, a failure logged with the job's name and the next run
// kept, all stopped together.
import type { Logger } from "../logger.js";

export interface BackgroundJob {
  /** What the job does, as a log line says it: "prune expired OAuth states". */
  readonly name: string;
  readonly everyMs: number;
  run(): Promise<unknown>;
}

export interface RunningJobs {
  /** Schedules no more runs, and waits for those under way, so none outlives the database. */
  stop(): Promise<void>;
}

/**
 * A job first runs this long after the start (or after its interval, if that is shorter). Waiting a whole
 * interval instead meant a bot restarted more often than a job's interval never ran it: a fleet redeployed
 * every day never queued the daily tier role reconcile. Every job is safe to run at any time: the prunes
 * remove what is past keeping, and the reconcile queues only servers no instance reconciled within the day.
 */
export const firstRunAfterMs = 60_000;

/** Each job first runs `firstRunAfterMs` after the start, and every interval after that. */
export function runBackgroundJobs(
  jobs: readonly BackgroundJob[],
  logger: Pick<Logger, "warn">,
  options: { readonly firstRunAfterMs?: number } = {},
): RunningJobs {
  const firstAfterMs = options.firstRunAfterMs ?? firstRunAfterMs;
  const underWay = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  for (const job of jobs) {
    let running = false;
    const tick = () => {
      // A run that outlasts its interval is not doubled: the next starts at the next tick after it ends.
      if (running) return;
      running = true;
      const run = Promise.resolve()
        .then(() => job.run())
        .then(
          () => undefined,
          (error: unknown) => {
            logger.warn({ err: error, job: job.name }, `could not ${job.name}`);
          },
        )
        .finally(() => {
          running = false;
          underWay.delete(run);
        });
      underWay.add(run);
    };
    const first = setTimeout(
      () => {
        timers.delete(first);
        tick();
        schedule(setInterval(tick, job.everyMs));
      },
      Math.min(firstAfterMs, job.everyMs),
    );
    schedule(first);
  }
  function schedule(timer: NodeJS.Timeout) {
    // The jobs alone never keep the process alive.
    timer.unref();
    timers.add(timer);
  }
  return {
    async stop() {
      // clearTimeout clears an interval too (Node's timers are one kind).
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(underWay);
    },
  };
}
