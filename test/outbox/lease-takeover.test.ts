// docs/architecture.md, "Growing past one machine": a dead instance's rows are taken over within their lease
// plus a second, however long the poll interval: a worker sleeps no longer than the first lease another holds.
import { describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.js";
import type { OutboxResult } from "../../src/outbox/index.js";
import { claimDueOutbox } from "../../src/store/outbox-lease.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";

const leaseMs = 1500;

describe.each(testDatabases())("rows of an instance that died, on $name", (database) => {
  const world = useOutboxWorld(database);

  it("are posted by another worker once their lease ends, not at its next poll", async () => {
    const targets = [await world.subscribeChannel("battles"), await world.subscribeChannel("results")];
    for (const target of targets) await world.enqueuePost(target);
    // An instance claims the rows and dies: it never posts them nor renews anything. Their lease starts
    // during the claim, so times measured from before it are at least the lease.
    const leasedFrom = performance.now();
    const claimed = await claimDueOutbox(world.db, {
      owner: "dead",
      now: systemClock.now(),
      leaseMs,
      limit: 10,
    });
    expect(claimed).toHaveLength(2);

    const postedAt: number[] = [];
    const results: OutboxResult[] = [];
    const survivor = world.createWorker({
      owner: "survivor",
      clock: systemClock,
      leaseMs: 60_000,
      pollIntervalMs: 3_600_000,
      onResult: (result) => {
        results.push(result);
        postedAt.push(performance.now() - leasedFrom);
      },
    });
    survivor.start();
    for (const target of targets) await world.fake.waitForMessage(target.channelId, () => true, 10_000);
    await survivor.drain();

    expect(results.map((result) => result.outcome)).toEqual(["delivered", "delivered"]);
    for (const elapsed of postedAt) {
      expect(elapsed).toBeGreaterThanOrEqual(leaseMs - 50);
      // Not at its next poll, an hour away: a bound for a busy machine, not a speed check.
      expect(elapsed).toBeLessThan(leaseMs + 10_000);
    }
    expect(world.fake.stats.channelMessagesCreated).toBe(2);
  });
});
