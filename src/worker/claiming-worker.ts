// A polling worker that claims due units (rows) in batches under a lease and handles each on its own
// (docs/architecture.md, "Background workers"): the outbox's posts, the tier roles' members.
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { createPollingWorker, type PollingWorker } from "./polling-worker.js";

export interface ClaimingWorkerOptions<Unit, Result> {
  /** Named in errors, e.g. "outbox worker". */
  readonly name: string;
  /** What is claimed, for the log: "outbox rows". */
  readonly units: string;
  readonly logger: Logger;
  readonly pollIntervalMs: number;
  /** Units claimed and not finished, at most. */
  readonly batchSize: number;
  /** Claims up to `room` due units for this worker. */
  readonly claim: (room: number) => Promise<readonly Unit[]>;
  /**
   * Handles one claimed unit to its result; units run beside each other and drain waits for them. A unit's
   * failure should be its result: a rejection is only logged.
   */
  readonly handle: (unit: Unit) => Promise<Result>;
  /**
   * Milliseconds until the first lease another worker holds ends (see PollingWorkerOptions), given when the
   * last claim began on `clock`: a lease that ended since then counts as ending now.
   */
  readonly readNextLeaseEnd: (claimedAt: number | undefined) => Promise<number | undefined>;
  /** Due times are read on it; a jump wakes the worker (see PollingWorkerOptions). */
  readonly clock?: Clock;
}

export interface ClaimingWorker<Result> extends PollingWorker {
  /** Claims one batch and handles all of it; what tests drive with a manual clock. */
  runOnce(): Promise<Result[]>;
}

export function createClaimingWorker<Unit, Result>(
  options: ClaimingWorkerOptions<Unit, Result>,
): ClaimingWorker<Result> {
  const { batchSize, logger } = options;
  /** Units claimed and not finished; a claim takes at most batchSize minus this. */
  let held = 0;
  /** The last claim was full, so more may be due: claim again once half the batch is done. */
  let mayHaveMore = false;
  /** When the last claim began, on `clock`. */
  let claimedAt: number | undefined;

  async function claimBatch(): Promise<Promise<Result>[]> {
    const room = batchSize - held;
    if (!worker.accepting || room <= 0) return [];
    claimedAt = options.clock?.now();
    const units = await options.claim(room);
    mayHaveMore = units.length === room;
    return units.map(dispatch);
  }

  function dispatch(unit: Unit): Promise<Result> {
    held += 1;
    const work = options.handle(unit).finally(() => {
      held -= 1;
      if (mayHaveMore && held <= batchSize / 2) worker.wake();
    });
    return worker.track(work);
  }

  const worker = createPollingWorker({
    name: options.name,
    logger,
    pollIntervalMs: options.pollIntervalMs,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    pollFailedMessage: `could not claim ${options.units}; trying again shortly`,
    async poll() {
      try {
        // The units run on their own (tracked); the loop only waits before claiming again.
        const claimed = await claimBatch();
        for (const work of claimed) {
          work.catch((error: unknown) => {
            logger.error({ err: error }, `handling one of the ${options.units} failed`);
          });
        }
        if (claimed.length > 0) logger.debug({ claimed: claimed.length }, `claimed ${options.units}`);
      } catch (error) {
        mayHaveMore = false;
        throw error;
      }
    },
    // A full batch claims again at half, so the lease read would only be thrown away.
    readNextLeaseEnd: () => (mayHaveMore ? Promise.resolve(undefined) : options.readNextLeaseEnd(claimedAt)),
  });

  return Object.assign(worker, {
    async runOnce() {
      return Promise.all(await claimBatch());
    },
  });
}
