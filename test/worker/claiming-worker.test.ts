// docs/architecture.md, "Background workers": a worker that claims due units in batches under a lease.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createClaimingWorker, type ClaimingWorkerOptions } from "../../src/worker/claiming-worker.js";
import { createDeferred, type Deferred } from "../outbox/support/deferred.js";
import { createCapturedLogger, createCounter } from "./support/worker-probes.js";

const hour = 60 * 60_000;

/** Units in memory, each leased to one owner until a time on `clock`, as the store leases rows. */
class LeasedUnits {
  private readonly leases = new Map<string, { owner: string; endsAt: number }>();

  constructor(
    readonly clock: ManualClock,
    private readonly due: string[],
  ) {}

  lease(id: string, owner: string, endsAt: number): void {
    this.leases.set(id, { owner, endsAt });
  }

  claim(owner: string, room: number): string[] {
    const free = this.due.filter((id) => (this.leases.get(id)?.endsAt ?? 0) <= this.clock.now());
    const taken = free.slice(0, room);
    for (const id of taken) this.lease(id, owner, this.clock.now() + hour);
    return taken;
  }

  finish(id: string): void {
    this.due.splice(this.due.indexOf(id), 1);
    this.leases.delete(id);
  }

  /** As the store reads it: a lease that ended after `claimedAt` counts as ending now. */
  untilLeaseEnds(owner: string, claimedAt = this.clock.now()): number | undefined {
    const ends = [...this.leases.values()]
      .filter((lease) => lease.owner !== owner && lease.endsAt > claimedAt)
      .map((lease) => Math.max(0, lease.endsAt - this.clock.now()));
    return ends.length === 0 ? undefined : Math.min(...ends);
  }
}

function createTestWorker(
  units: LeasedUnits,
  options: Pick<ClaimingWorkerOptions<string, string>, "handle"> & {
    batchSize?: number;
    /** How long each claim takes, on the units' clock. */
    claimMs?: number;
  },
) {
  const claims: number[] = [];
  const leaseReads = createCounter();
  const worker = createClaimingWorker<string, string>({
    name: "a test worker",
    units: "test units",
    logger: createCapturedLogger().logger,
    pollIntervalMs: hour,
    clock: units.clock,
    batchSize: options.batchSize ?? 10,
    claim: (room) => {
      claims.push(room);
      const claimed = units.claim("me", room);
      units.clock.advance(options.claimMs ?? 0);
      return Promise.resolve(claimed);
    },
    handle: async (id) => {
      const result = await options.handle(id);
      units.finish(id);
      return result;
    },
    readNextLeaseEnd: (claimedAt) => {
      const left = units.untilLeaseEnds("me", claimedAt);
      leaseReads.add();
      return Promise.resolve(left);
    },
  });
  return { worker, claims, leaseReads };
}

describe("the claiming worker", () => {
  it("claims only what the batch has room for, and again once half of a full batch is done", async () => {
    const units = new LeasedUnits(new ManualClock(), ["a", "b", "c", "d", "e", "f"]);
    const gates = new Map<string, Deferred<void>>();
    const started = createCounter();
    const { worker, claims } = createTestWorker(units, {
      batchSize: 4,
      handle: async (id) => {
        const gate = createDeferred();
        gates.set(id, gate);
        started.add();
        await gate.promise;
        return id;
      },
    });

    worker.start();
    await started.reached(4);
    gates.get("a")?.resolve();
    gates.get("b")?.resolve();
    await started.reached(6);
    for (const gate of gates.values()) gate.resolve();
    await worker.drain();

    expect(claims.slice(0, 2)).toEqual([4, 2]);
    expect(worker.state).toBe("drained");
  });

  it("takes over a unit another worker held as soon as its lease ends, not at the next poll", async () => {
    const clock = new ManualClock();
    const units = new LeasedUnits(clock, ["orphan"]);
    units.lease("orphan", "dead-worker", clock.now() + 25);
    const handled = createDeferred<string>();
    const { worker, claims, leaseReads } = createTestWorker(units, {
      handle: (id) => {
        handled.resolve(id);
        return Promise.resolve(id);
      },
    });

    worker.start();
    await leaseReads.reached(1);
    clock.advance(25);

    expect(await handled.promise).toBe("orphan");
    await worker.drain();
    expect(claims).toEqual([10, 10]);
  });

  it("claims again at once when another's lease ended while its claim ran", async () => {
    const clock = new ManualClock();
    const units = new LeasedUnits(clock, ["orphan"]);
    units.lease("orphan", "dead-worker", clock.now() + 25);
    const handled = createDeferred<string>();
    // Each claim takes 40 ms: the first finds the orphan held, and its lease is over when the claim returns.
    const { worker, claims } = createTestWorker(units, {
      claimMs: 40,
      handle: (id) => {
        handled.resolve(id);
        return Promise.resolve(id);
      },
    });

    worker.start();
    // Without the claim's start, the worker would sleep its whole hour: the clock does not move again.
    expect(await handled.promise).toBe("orphan");
    await worker.drain();
    expect(claims).toEqual([10, 10]);
  });
});
