import { describe, expect, it } from "vitest";
import type { OutboxResult, RenderOutboxEntry } from "../../src/outbox/index.js";
import { createDeferred } from "./support/deferred.js";
import { useOutboxWorld } from "./support/outbox-world.js";
import { renderTestAnnouncement } from "./support/test-renderer.js";

describe("the worker's loop", () => {
  const world = useOutboxWorld();

  /** The test renderer, held at a gate until the test opens it; `started` resolves on the first row. */
  function gatedRenderer() {
    const gate = createDeferred();
    const started = createDeferred();
    const render: RenderOutboxEntry = async (entry) => {
      started.resolve();
      await gate.promise;
      return renderTestAnnouncement(world.db)(entry);
    };
    return { render, gate, started };
  }

  it("posts at once when the receiver calls notify(), without waiting for the poll", async () => {
    const target = await world.subscribeChannel("battles");
    const results: OutboxResult[] = [];
    const worker = world.createWorker({
      pollIntervalMs: 3_600_000,
      onResult: (result) => results.push(result),
    });
    worker.start();

    const id = await world.enqueuePost(target, { title: "Battle bat_9 finished" });
    worker.notify();
    const message = await world.fake.waitForMessage(target.channelId);
    await worker.drain();

    expect(message.content).toBe("Battle bat_9 finished");
    expect(results).toEqual([expect.objectContaining({ id, outcome: "delivered", messageId: message.id })]);
    expect(await world.entry(id)).toMatchObject({ status: "delivered" });
    expect(worker.state).toBe("drained");
  });

  it("finds due rows at the poll interval when nobody calls notify()", async () => {
    const target = await world.subscribeChannel("battles");
    const worker = world.createWorker({ pollIntervalMs: 10 });
    worker.start();

    await world.enqueuePost(target, { title: "Found by polling" });
    const message = await world.fake.waitForMessage(target.channelId);
    await worker.drain();

    expect(message.content).toBe("Found by polling");
  });

  it("drains by finishing the row in flight, handing back the ones not started, claiming no more", async () => {
    const first = await world.subscribeChannel("first");
    const second = await world.subscribeChannel("second");
    const inFlight = await world.enqueuePost(first, { title: "In flight" });
    const notStarted = await world.enqueuePost(second);
    const { render, gate, started } = gatedRenderer();
    const worker = world.createWorker({ render, concurrency: 1, pollIntervalMs: 3_600_000 });
    worker.start();
    await started.promise;

    const draining = worker.drain();
    const enqueuedDuringDrain = await world.enqueuePost(second);
    worker.notify();
    gate.resolve();
    await draining;

    expect(world.contents(first.channelId)).toEqual(["In flight"]);
    expect(world.contents(second.channelId)).toEqual([]);
    expect(await world.entry(inFlight)).toMatchObject({ status: "delivered" });
    for (const id of [notStarted, enqueuedDuringDrain]) {
      expect(await world.entry(id)).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
    }
    expect(await worker.runOnce()).toEqual([]);
  });

  it("sends at most `concurrency` rows at once, one at a time per channel, in order", async () => {
    const busy = await world.subscribeChannel("busy");
    for (let index = 0; index < 8; index++)
      await world.enqueuePost(await world.subscribeChannel(`quiet-${index}`));
    for (const title of ["first", "second", "third", "fourth"]) await world.enqueuePost(busy, { title });
    let active = 0;
    let mostActive = 0;
    let busyActive = 0;
    let mostBusyActive = 0;
    const render: RenderOutboxEntry = async (entry) => {
      const isBusy = entry.channelId === busy.channelId;
      active += 1;
      busyActive += isBusy ? 1 : 0;
      mostActive = Math.max(mostActive, active);
      mostBusyActive = Math.max(mostBusyActive, busyActive);
      // Let every other row that may start do so before this one finishes.
      await new Promise((resolve) => setImmediate(resolve));
      active -= 1;
      busyActive -= isBusy ? 1 : 0;
      return renderTestAnnouncement(world.db)(entry);
    };

    const results = await world.createWorker({ render, concurrency: 3 }).runOnce();

    expect(results.map((result) => result.outcome)).toEqual(Array(12).fill("delivered"));
    expect(mostActive).toBe(3);
    expect(mostBusyActive).toBe(1);
    expect(world.contents(busy.channelId)).toEqual(["first", "second", "third", "fourth"]);
  });

  it("hands a busy channel's extra rows back in their place, in order, without counting an attempt", async () => {
    const target = await world.subscribeChannel("battles");
    const ids: string[] = [];
    for (const title of ["1", "2", "3", "4"]) ids.push(await world.enqueuePost(target, { title }));
    const enqueuedAt = world.clock.now();
    const worker = world.createWorker({ maxQueuedPerChannel: 2 });

    const firstRun = await worker.runOnce();
    const handedBack = await world.entry(ids[2] ?? "");
    world.clock.advance(1000);
    const secondRun = await worker.runOnce();

    expect(firstRun.map((result) => result.outcome)).toEqual([
      "delivered",
      "delivered",
      "released",
      "released",
    ]);
    expect(handedBack).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
    expect(handedBack.nextAttemptAt).toBe(enqueuedAt);
    expect(secondRun.map((result) => result.outcome)).toEqual(["delivered", "delivered"]);
    expect(world.contents(target.channelId)).toEqual(["1", "2", "3", "4"]);
  });

  it("leaves a row whose lease ran out before its turn to the next claim, unsent", async () => {
    const first = await world.subscribeChannel("first");
    const second = await world.subscribeChannel("second");
    await world.enqueuePost(first);
    const late = await world.enqueuePost(second);
    const { render, gate, started } = gatedRenderer();
    const worker = world.createWorker({ render, concurrency: 1, leaseMs: 30_000 });

    const running = worker.runOnce();
    await started.promise;
    world.clock.advance(30_000);
    gate.resolve();
    const results = await running;

    expect(results.map((result) => result.outcome)).toEqual(["delivered", "released"]);
    expect(world.contents(second.channelId)).toEqual([]);
    expect(await world.entry(late)).toMatchObject({ status: "pending", attempts: 0 });
    expect((await worker.runOnce()).map((result) => result.outcome)).toEqual(["delivered"]);
  });
});
