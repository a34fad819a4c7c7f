// Whether the database can write, as the last writes found it (docs/operations.md, "Operations", "When SQLite cannot
// write", "When PostgreSQL cannot write"). A write that failed with a fault (write-fault.ts) marks the store unable to write from then on; only
// a probe, a small write of its own that needs fresh space and the write lock, clears it. So /readyz says 503
// for as long as the fault lasts and recovers once it clears, with no traffic needed, and a write that happened
// to fit (an update in place while inserts need room) does not make a full disk look healthy.
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { classifyWriteFault, type WriteFault } from "./write-fault.js";

export interface WriteFaultState {
  readonly fault: WriteFault;
  /** When the first failed write of this fault was seen (ms since the epoch). */
  readonly since: number;
}

export interface WriteHealth {
  /** Undefined while writes work. */
  current(): WriteFaultState | undefined;
  /** Every error of the writer connection passes here; only faults count. */
  noteFailure(error: unknown): void;
  /**
   * Writes the probe (one at a time: a caller during a probe joins it); resolves once it is done, whatever its
   * outcome, which `current()` then says. The bot probes once at start, so a database it cannot write is
   * reported before any traffic meets it.
   */
  probe(): Promise<void>;
  /** Probes only while a fault is recorded: what /readyz and the periodic job call. */
  probeIfFailing(): Promise<void>;
}

export interface WriteHealthOptions {
  /** A write in its own transaction; it throws what the database threw. */
  readonly probe: () => Promise<void>;
  readonly clock: Clock;
  readonly logger?: Pick<Logger, "error" | "warn"> | undefined;
}

export function createWriteHealth({ probe, clock, logger }: WriteHealthOptions): WriteHealth {
  let state: WriteFaultState | undefined;
  let probing: Promise<void> | undefined;

  const noteFailure = (error: unknown): void => {
    const fault = classifyWriteFault(error);
    if (fault === undefined || state?.fault === fault) return;
    // A fault that changes kind (the lock held, then the disk full) keeps the time writes first failed.
    state = { fault, since: state?.since ?? clock.now() };
    logger?.error(
      { fault, code: readCode(error), since: new Date(state.since).toISOString() },
      `the database cannot write: ${fault}; webhooks are answered 503 until it can`,
    );
  };

  const runProbe = async (): Promise<void> => {
    try {
      await probe();
      if (state !== undefined) {
        logger?.warn(
          { fault: state.fault, failedForMs: clock.now() - state.since },
          "the database can write again",
        );
      }
      state = undefined;
    } catch (error) {
      noteFailure(error);
    }
  };

  const probeOnce = (): Promise<void> => {
    probing ??= runProbe().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  return {
    current: () => state,
    noteFailure,
    probe: probeOnce,
    probeIfFailing: () => (state === undefined ? Promise.resolve() : probeOnce()),
  };
}

function readCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}
