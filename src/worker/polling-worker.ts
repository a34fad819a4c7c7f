// The lifecycle every background worker shares (docs/architecture.md, "Background workers"): a loop that
// polls for due work at once when woken or when its clock jumps, else at its interval or as soon as another
// worker's lease ends, work in flight that drain waits for, and a reason when it stopped for good.
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { WakeSignal } from "./wake-signal.js";

/** idle: built, driven by hand; draining and drained: after drain(); stopped: stop() said why. */
export type WorkerState = "idle" | "running" | "draining" | "drained" | "stopped";

export interface PollingWorkerOptions {
  /** Named in errors, e.g. "outbox worker". */
  readonly name: string;
  readonly logger: Logger;
  /** Looks for due work and starts it; work it leaves running goes to track(), so drain waits for it. */
  readonly poll: () => Promise<void>;
  /** The longest sleep between polls: the safety net behind wake(). */
  readonly pollIntervalMs: number;
  /**
   * Milliseconds until the first lease another worker holds ends, read after each poll: a dead instance's
   * work is taken over as its lease ends, not at the next poll (docs/architecture.md, "Growing past one
   * machine"). Undefined sleeps the whole interval.
   */
  readonly readNextLeaseEnd?: () => Promise<number | undefined>;
  /**
   * Logged with the error when a poll throws. The loop tries again soon (a busy database or a dropped
   * connection usually clears in moments), then backs off, doubling up to the interval.
   */
  readonly pollFailedMessage: string;
  /** The clock due times are read on: when it jumps ahead (Clock.onJump), work may have fallen due, so poll now. */
  readonly clock?: Clock;
}

export interface PollingWorker {
  /** Polls continuously until drained or stopped. */
  start(): void;
  /** Work was queued: poll now rather than at the next interval. Ignored unless running. */
  wake(): void;
  /** Work the worker started and drain() must wait for; returns `work`. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Stops polling and resolves once the work in flight is done. */
  drain(): Promise<void>;
  /** Stops polling for good (the work in flight still finishes); false when already stopped. */
  stop(reason: string): boolean;
  readonly state: WorkerState;
  /** Idle or running: new work may still be claimed (by runOnce() while idle). */
  readonly accepting: boolean;
  readonly stoppedReason: string | undefined;
}

export function createPollingWorker(options: PollingWorkerOptions): PollingWorker {
  let state: WorkerState = "idle";
  let stoppedReason: string | undefined;
  const signal = new WakeSignal();
  const inFlight = new Set<Promise<unknown>>();
  let loop: Promise<void> | undefined;
  let stopFollowingClock: (() => void) | undefined;
  // Read through a function: the compiler would otherwise keep a narrowing of `state` across awaits.
  const readState = (): WorkerState => state;

  async function readWait(): Promise<number> {
    const untilLeaseEnds = await options.readNextLeaseEnd?.();
    return Math.min(options.pollIntervalMs, untilLeaseEnds ?? Number.POSITIVE_INFINITY);
  }

  async function runLoop(): Promise<void> {
    let failures = 0;
    while (readState() === "running") {
      let wait: number;
      try {
        await options.poll();
        wait = await readWait();
        failures = 0;
      } catch (error) {
        failures += 1;
        wait = retryAfterFailureMs(failures, options.pollIntervalMs);
        options.logger.error({ err: error, retryInMs: wait }, options.pollFailedMessage);
      }
      if (readState() !== "running") break;
      await signal.wait(wait);
    }
  }

  return {
    start() {
      if (state === "running") return;
      if (state !== "idle") throw new Error(`${options.name} cannot start once ${state}`);
      state = "running";
      stopFollowingClock = options.clock?.onJump?.(() => {
        if (state === "running") signal.wake();
      });
      loop = runLoop();
    },
    wake() {
      if (state === "running") signal.wake();
    },
    track(work) {
      inFlight.add(work);
      const settle = () => inFlight.delete(work);
      work.then(settle, settle);
      return work;
    },
    async drain() {
      if (state === "idle" || state === "running") state = "draining";
      stopFollowingClock?.();
      signal.wake();
      await loop;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      if (readState() === "draining") state = "drained";
    },
    stop(reason) {
      if (state === "stopped") return false;
      state = "stopped";
      stoppedReason = reason;
      stopFollowingClock?.();
      signal.wake();
      return true;
    },
    get state() {
      return state;
    },
    get accepting() {
      return state === "idle" || state === "running";
    },
    get stoppedReason() {
      return stoppedReason;
    },
  };
}

/** The wait after the n-th poll in a row that failed: 100 ms, then doubling, never past the interval. */
export function retryAfterFailureMs(failures: number, pollIntervalMs: number): number {
  const first = 100;
  return Math.min(pollIntervalMs, first * 2 ** Math.min(failures - 1, 16));
}
