// The bot's periodic jobs run on their own intervals: a failure is logged with the job's name and the job runs
// again at its next interval, a run is never doubled, and stopping waits for a run under way. Real intervals
// of a few milliseconds; every wait is for a signal the jobs give.
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runBackgroundJobs, type RunningJobs } from "../../src/bot/run-background-jobs.js";
import { createLogger } from "../../src/logger.js";

function captureWarnings() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: "warn" }, destination) };
}

/** A promise and the function that settles it. */
function signal<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe("runBackgroundJobs", () => {
  let running: RunningJobs | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it("logs a failing job by its name and runs it again at its next interval", async () => {
    const { lines, logger } = captureWarnings();
    const ranAgain = signal();
    let runs = 0;
    running = runBackgroundJobs(
      [
        {
          name: "prune the test table",
          everyMs: 2,
          run: () => {
            runs += 1;
            if (runs === 1) return Promise.reject(new Error("database is locked"));
            ranAgain.resolve();
            return Promise.resolve();
          },
        },
      ],
      logger,
    );

    await ranAgain.promise;

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "could not prune the test table",
      job: "prune the test table",
      err: { message: "database is locked" },
    });
  });

  it("first runs a job shortly after the start, not a whole interval later", async () => {
    const { logger } = captureWarnings();
    const ran = signal();
    const neverRan = signal();
    let dailyRuns = 0;
    running = runBackgroundJobs(
      [
        {
          name: "queue the daily reconcile",
          everyMs: 24 * 60 * 60_000,
          run: () => {
            dailyRuns += 1;
            ran.resolve();
            return Promise.resolve();
          },
        },
      ],
      logger,
      { firstRunAfterMs: 5 },
    );
    // A bot redeployed every day would otherwise never run its daily job.
    await ran.promise;
    expect(dailyRuns).toBe(1);
    await running.stop();

    // Stopped before its first run, a job never runs.
    running = runBackgroundJobs(
      [
        {
          name: "prune hourly",
          everyMs: 60 * 60_000,
          run: () => {
            neverRan.resolve();
            return Promise.resolve();
          },
        },
      ],
      logger,
      { firstRunAfterMs: 1 },
    );
    await running.stop();
    const outcome = await Promise.race([
      neverRan.promise.then(() => "ran"),
      new Promise((resolve) => setTimeout(resolve, 20, "stayed stopped")),
    ]);
    expect(outcome).toBe("stayed stopped");
  });

  it("never starts a job again while its run is under way, and stop waits for that run", async () => {
    const { logger } = captureWarnings();
    const started = signal();
    const release = signal();
    const otherTicks = signal();
    let slowRuns = 0;
    let slowFinished = false;
    let ticks = 0;
    running = runBackgroundJobs(
      [
        {
          name: "reconcile slowly",
          everyMs: 1,
          run: async () => {
            slowRuns += 1;
            started.resolve();
            await release.promise;
            slowFinished = true;
          },
        },
        {
          name: "count ticks",
          everyMs: 1,
          run: () => {
            ticks += 1;
            if (ticks === 20) otherTicks.resolve();
            return Promise.resolve();
          },
        },
      ],
      logger,
    );
    await started.promise;
    // Twenty intervals of the other job pass while the slow run is held.
    await otherTicks.promise;
    expect(slowRuns).toBe(1);

    let stopped = false;
    const stopping = running.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);

    release.resolve();
    await stopping;
    expect(slowFinished).toBe(true);
    expect(slowRuns).toBe(1);
  });
});
