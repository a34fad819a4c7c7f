import { describe, expect, it } from "vitest";
import { useOutboxWorld } from "./support/outbox-world.js";

describe("a Discord outage", () => {
  const world = useOutboxWorld();

  it("delivers every announcement exactly once after Discord recovers", async () => {
    const one = await world.subscribeChannel("one");
    const two = await world.subscribeChannel("two");
    const three = await world.subscribeChannel("three");
    const ids = [
      await world.enqueuePost(one, { title: "To one" }),
      await world.enqueuePost(two, { title: "To two" }),
      await world.enqueuePost(three, { title: "To three" }),
      await world.enqueuePost(one, { title: "Second to one" }),
    ];
    const worker = world.createWorker({ random: () => 0.5 });

    world.fake.setOutage(true);
    const whileUnavailable = await worker.runOnce();
    world.clock.advance(500);
    world.fake.setOutage("reset");
    const whileDropping = await worker.runOnce();
    world.clock.advance(1000);
    world.fake.setOutage(false);
    const afterRecovery = await worker.runOnce();

    expect(whileUnavailable.map((result) => result.outcome)).toEqual(["retry", "retry", "retry", "retry"]);
    expect(whileUnavailable[0]?.reason).toBe("503 Service Unavailable");
    expect(whileDropping.map((result) => result.outcome)).toEqual(["retry", "retry", "retry", "retry"]);
    expect(afterRecovery.map((result) => result.outcome)).toEqual([
      "delivered",
      "delivered",
      "delivered",
      "delivered",
    ]);
    expect(world.contents(one.channelId)).toEqual(["To one", "Second to one"]);
    expect(world.contents(two.channelId)).toEqual(["To two"]);
    expect(world.contents(three.channelId)).toEqual(["To three"]);
    expect(world.fake.stats.channelMessagesCreated).toBe(4);
    for (const id of ids) expect(await world.entry(id)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("backs off exponentially with full jitter, keeps trying through a day's outage, then dead-letters the row with its last error", async () => {
    const target = await world.subscribeChannel("battles");
    const queuedAt = world.clock.now();
    const id = await world.enqueuePost(target);
    const worker = world.createWorker({ random: () => 0.5 });
    world.fake.setOutage(true);

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const [result] = await worker.runOnce();
      expect(result?.outcome).toBe("retry");
      const entry = await world.entry(id);
      expect(entry.attempts).toBe(attempt);
      delays.push(entry.nextAttemptAt - world.clock.now());
      world.clock.set(entry.nextAttemptAt);
    }
    // Twelve attempts failed within about 16 minutes: an outage that long loses nothing.
    world.clock.set(queuedAt + 24 * 60 * 60_000 - 1);
    const [lastOfTheDay] = await worker.runOnce();
    world.clock.set((await world.entry(id)).nextAttemptAt);
    const [last] = await worker.runOnce();

    // Half of 1 s · 2^(attempt − 1), the ceiling capped at 15 minutes.
    expect(delays).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 450_000, 450_000,
    ]);
    expect(lastOfTheDay?.outcome).toBe("retry");
    expect(last?.outcome).toBe("dead");
    expect(await world.entry(id)).toMatchObject({
      status: "dead",
      attempts: 14,
      lastError: "gave up after 14 attempts: 503 Service Unavailable",
    });
  });

  it("keeps a row for its next attempt, not before", async () => {
    const target = await world.subscribeChannel("battles");
    const id = await world.enqueuePost(target);
    const worker = world.createWorker({ random: () => 0.999, retry: { maxAttempts: 3 } });
    world.fake.setOutage(true);
    const failedAt = world.clock.now();
    await worker.runOnce();
    world.fake.setOutage(false);
    const { nextAttemptAt } = await world.entry(id);

    world.clock.set(nextAttemptAt - 1);
    const early = await worker.runOnce();
    world.clock.set(nextAttemptAt);
    const due = await worker.runOnce();

    // The first retry's ceiling is 1 s; the jitter drew 0.999 of it.
    expect(nextAttemptAt - failedAt).toBe(999);
    expect(early).toEqual([]);
    expect(due.map((result) => result.outcome)).toEqual(["delivered"]);
  });
});
