// The one way the bot runs its periodic jobs (the hourly prunes, the daily tier role reconcile): each on its
// own interval, a failure logged with the job's name and the next run kept, all stopped together.
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

/** Each job first runs one interval after the start, and every interval after that. */
export function runBackgroundJobs(jobs: readonly BackgroundJob[], logger: Pick<Logger, "warn">): RunningJobs {
  const underWay = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
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
    }, job.everyMs);
    // The jobs alone never keep the process alive.
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(underWay);
    },
  };
}
