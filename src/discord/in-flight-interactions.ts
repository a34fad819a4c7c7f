import type { Logger } from "../logger.js";

/**
 * The interactions being handled, whichever way they arrived (gateway or HTTP), so a graceful stop lets them
 * finish before the database closes. Once draining, no new interaction is taken.
 */
export interface InFlightInteractions {
  readonly draining: boolean;
  track(handling: Promise<void>): void;
  /** Takes no new interactions and resolves when the running ones have finished. */
  drain(): Promise<void>;
}

export function createInFlightInteractions(logger: Logger): InFlightInteractions {
  const running = new Set<Promise<void>>();
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    track(handling) {
      const settled = handling
        .catch((error: unknown) => {
          // The dispatcher renders handler errors itself; reaching here is a bug in the plumbing.
          logger.error({ err: error }, "interaction handling failed");
        })
        .finally(() => running.delete(settled));
      running.add(settled);
    },
    async drain() {
      draining = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
