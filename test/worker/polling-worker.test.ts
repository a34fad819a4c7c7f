// docs/architecture.md, "Background workers": the one lifecycle under the outbox, tier role and reminder
// workers.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import {
  createPollingWorker,
  retryAfterFailureMs,
  type PollingWorkerOptions,
} from "../../src/worker/polling-worker.js";
import { createDeferred } from "../outbox/support/deferred.js";
import { createCapturedLogger, createCounter } from "./support/worker-probes.js";

const hour = 60 * 60_000;

function createTestWorker(options: Partial<PollingWorkerOptions> & Pick<PollingWorkerOptions, "poll">) {
  const { logger, logs } = createCapturedLogger();
  const worker = createPollingWorker({
    name: "a test worker",
    logger,
    pollIntervalMs: hour,
    pollFailedMessage: "could not look for test work; trying again shortly",
    ...options,
  });
  return { worker, logs };
}

/** A poll that only counts itself. */
function countPolls(polls: ReturnType<typeof createCounter>) {
  return (): Promise<void> => {
    polls.add();
    return Promise.resolve();
  };
}

/** A clock that jumps, as the playground's does when its panel moves it (Clock.onJump). */
class JumpingClock extends ManualClock {
  readonly listeners = new Set<() => void>();

  jump(milliseconds: number): void {
    this.advance(milliseconds);
    for (const listener of this.listeners) listener();
  }

  onJump(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

describe("the polling worker", () => {
  it("polls at once on start, and again at once when woken rather than at its interval", async () => {
    const polls = createCounter();
    const { worker } = createTestWorker({ poll: countPolls(polls) });

    worker.start();
    await polls.reached(1);
    worker.wake();
    await polls.reached(2);
    await worker.drain();

    expect(polls.count).toBe(2);
    expect(worker.state).toBe("drained");
  });

  it("polls again at once when its clock jumps ahead, and stops following the clock once drained", async () => {
    const clock = new JumpingClock();
    const polls = createCounter();
    const { worker } = createTestWorker({ poll: countPolls(polls), clock });

    worker.start();
    await polls.reached(1);
    expect(clock.listeners.size).toBe(1);
    clock.jump(2 * hour);
    await polls.reached(2);
    await worker.drain();

    expect(polls.count).toBe(2);
    expect(clock.listeners.size).toBe(0);
  });

  it("polls again as soon as another worker's lease ends, not at its interval", async () => {
    const clock = new ManualClock();
    const otherLeaseEndsAt = clock.now() + 20;
    const polls = createCounter();
    const leaseReads = createCounter();
    const { worker } = createTestWorker({
      poll: countPolls(polls),
      readNextLeaseEnd: () => {
        const left = otherLeaseEndsAt - clock.now();
        leaseReads.add();
        return Promise.resolve(left > 0 ? left : undefined);
      },
    });

    worker.start();
    await leaseReads.reached(1);
    clock.advance(20);
    await polls.reached(2);
    await worker.drain();

    expect(polls.count).toBe(2);
  });

  it("drains by waiting for the work in flight, polling no more", async () => {
    const gate = createDeferred();
    const polls = createCounter();
    let finished = false;
    const { worker } = createTestWorker({
      poll: () => {
        polls.add();
        void worker.track(gate.promise.then(() => (finished = true)));
        return Promise.resolve();
      },
    });
    worker.start();
    await polls.reached(1);

    let drained = false;
    const draining = worker.drain().then(() => (drained = true));
    await new Promise((resolve) => setImmediate(resolve));
    const stateWhileWaiting = worker.state;
    const drainedWhileWaiting = drained;
    worker.wake();
    gate.resolve();
    await draining;

    expect(stateWhileWaiting).toBe("draining");
    expect(drainedWhileWaiting).toBe(false);
    expect(finished).toBe(true);
    expect(worker.state).toBe("drained");
    expect(polls.count).toBe(1);
  });

  it("reports why it stopped, stays stopped through drain, and cannot start again", async () => {
    const polls = createCounter();
    const { worker } = createTestWorker({ poll: countPolls(polls) });
    worker.start();
    await polls.reached(1);

    expect(worker.stop("the token was refused")).toBe(true);
    expect(worker.stop("another reason")).toBe(false);
    await worker.drain();

    expect(worker.state).toBe("stopped");
    expect(worker.stoppedReason).toBe("the token was refused");
    expect(polls.count).toBe(1);
    expect(() => {
      worker.start();
    }).toThrow("a test worker cannot start once stopped");
  });

  it("logs a poll that throws and polls again", async () => {
    const polls = createCounter();
    const { worker, logs } = createTestWorker({
      poll: () => {
        polls.add();
        return polls.count === 1 ? Promise.reject(new Error("database is locked")) : Promise.resolve();
      },
    });

    worker.start();
    await polls.reached(1);
    worker.wake();
    await polls.reached(2);
    await worker.drain();

    expect(logs()).toContain("could not look for test work; trying again shortly");
    expect(logs()).toContain("database is locked");
  });

  it("tries a failed poll again soon, not after the whole interval", async () => {
    // The interval is an hour: without the short retry the second poll would wait for it.
    const polls = createCounter();
    const { worker } = createTestWorker({
      poll: () => {
        polls.add();
        return polls.count <= 2 ? Promise.reject(new Error("database is locked")) : Promise.resolve();
      },
    });

    worker.start();
    await polls.reached(3);
    await worker.drain();

    expect(polls.count).toBe(3);
  });

  it("backs off from 100 ms, doubling up to the interval", () => {
    expect([1, 2, 3, 4].map((failures) => retryAfterFailureMs(failures, 5000))).toEqual([100, 200, 400, 800]);
    expect(retryAfterFailureMs(7, 5000)).toBe(5000);
    expect(retryAfterFailureMs(1000, 5000)).toBe(5000);
  });
});
