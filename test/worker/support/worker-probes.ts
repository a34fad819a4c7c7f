// What the worker tests watch: a logger whose lines they read, and a counter they can wait on.
import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../../src/logger.js";

export function createCapturedLogger(): { logger: Logger; logs: () => string } {
  const lines: string[] = [];
  const logger = createLogger(
    { level: "debug" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    }),
  );
  return { logger, logs: () => lines.join("") };
}

/** Counts calls; `reached(n)` resolves once there have been n. */
export function createCounter() {
  let count = 0;
  let waiters: { readonly at: number; readonly resolve: () => void }[] = [];
  return {
    get count() {
      return count;
    },
    add(): void {
      count += 1;
      for (const waiter of waiters.filter((candidate) => candidate.at <= count)) waiter.resolve();
      waiters = waiters.filter((candidate) => candidate.at > count);
    },
    reached(at: number): Promise<void> {
      if (count >= at) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ at, resolve }));
    },
  };
}
