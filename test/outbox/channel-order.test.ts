// docs/architecture.md, "Posting": a channel's posts keep their order, also when a channel has more rows waiting
// than a worker queues for it, and when several workers share the outbox.
import { describe, expect, it } from "vitest";
import type { RenderOutboxEntry } from "../../src/outbox/index.js";
import { testDatabases } from "../store/databases.js";
import { createDeferred } from "./support/deferred.js";
import { useOutboxWorld, type SubscribedChannel } from "./support/outbox-world.js";
import { renderTestAnnouncement } from "./support/test-renderer.js";

describe.each(testDatabases())("a busy channel's posts, on $name", (database) => {
  const world = useOutboxWorld(database);

  /** Queues the posts a millisecond apart, as separate deliveries arrive: rows of one instant have no order. */
  async function enqueuePosts(target: SubscribedChannel, titles: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const title of titles) {
      ids.push(await world.enqueuePost(target, { title }));
      world.clock.advance(1);
    }
    return ids;
  }

  /** The test renderer, held for `channelId`'s rows until the test opens the gate. */
  function gatedRenderer(channelId: string) {
    const gate = createDeferred();
    const started = createDeferred();
    const render: RenderOutboxEntry = async (entry) => {
      if (entry.channelId === channelId) {
        started.resolve();
        await gate.promise;
      }
      return renderTestAnnouncement(world.db)(entry);
    };
    return { render, gate, started };
  }

  /** Waits until no worker holds the row: a handed-back row is released as the claim is dispatched. */
  async function waitUntilHandedBack(id: string): Promise<void> {
    await expect.poll(async () => (await world.entry(id)).leaseOwner, { interval: 5 }).toBeNull();
  }

  it("go out in order when rows past the channel's share of a batch are handed back", async () => {
    const target = await world.subscribeChannel("battles");
    await enqueuePosts(target, ["1", "2", "3", "4", "5"]);
    const worker = world.createWorker({ maxQueuedPerChannel: 2, batchSize: 3 });

    await worker.runOnce();
    await worker.runOnce();
    world.clock.advance(5000);
    await worker.runOnce();

    expect(world.contents(target.channelId)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("go out before a row of the channel enqueued after they were handed back", async () => {
    const target = await world.subscribeChannel("battles");
    const [, , handedBack] = await enqueuePosts(target, ["1", "2", "3"]);
    const worker = world.createWorker({ maxQueuedPerChannel: 2, batchSize: 3 });

    const firstRun = await worker.runOnce();
    world.clock.advance(1000);
    await world.enqueuePost(target, { title: "4" });
    await worker.runOnce();
    world.clock.advance(5000);
    await worker.runOnce();

    expect(firstRun.map((result) => [result.id, result.outcome])).toContainEqual([handedBack, "released"]);
    expect(world.contents(target.channelId)).toEqual(["1", "2", "3", "4"]);
  });

  it("stay unclaimed while the channel is busy, and other channels' rows are claimed meanwhile", async () => {
    const busy = await world.subscribeChannel("busy");
    const quiet = await world.subscribeChannel("quiet");
    const ids = await enqueuePosts(busy, ["1", "2", "3", "4", "5"]);
    await enqueuePosts(quiet, ["quiet"]);
    const { render, gate, started } = gatedRenderer(busy.channelId);
    // The worker's own word that it handed the third row back: the database shows the row released a moment
    // before the worker counts it done, and until then its batch has no room for the quiet channel's row.
    const handedBack = createDeferred();
    const worker = world.createWorker({
      render,
      maxQueuedPerChannel: 2,
      batchSize: 3,
      onResult: (result) => {
        if (result.id === ids[2] && result.outcome === "released") handedBack.resolve();
      },
    });

    const holding = worker.runOnce();
    await started.promise;
    await handedBack.promise;
    // The worker counts the row done once the promise the result came from settles: after these microtasks.
    await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = await worker.runOnce();
    gate.resolve();
    await holding;
    await worker.runOnce();
    await worker.runOnce();

    expect(meanwhile.map((result) => result.channelId)).toEqual([quiet.channelId]);
    expect(world.contents(quiet.channelId)).toEqual(["quiet"]);
    expect(world.contents(busy.channelId)).toEqual(["1", "2", "3", "4", "5"]);
    for (const id of ids) expect(await world.entry(id)).toMatchObject({ status: "delivered", attempts: 0 });
  });

  it("are left to the worker holding some of them, while another worker posts other channels", async () => {
    const busy = await world.subscribeChannel("busy");
    const quiet = await world.subscribeChannel("quiet");
    const ids = await enqueuePosts(busy, ["1", "2", "3", "4", "5"]);
    await enqueuePosts(quiet, ["quiet"]);
    const { render, gate, started } = gatedRenderer(busy.channelId);
    const holder = world.createWorker({ render, maxQueuedPerChannel: 2, batchSize: 3 });
    const other = world.createWorker({ owner: "worker-2", maxQueuedPerChannel: 2, batchSize: 3 });

    const holding = holder.runOnce();
    await started.promise;
    await waitUntilHandedBack(ids[2] ?? "");
    const meanwhile = await other.runOnce();
    gate.resolve();
    await holding;
    await other.runOnce();
    await other.runOnce();

    expect(meanwhile.map((result) => result.channelId)).toEqual([quiet.channelId]);
    expect(world.contents(busy.channelId)).toEqual(["1", "2", "3", "4", "5"]);
  });
});
