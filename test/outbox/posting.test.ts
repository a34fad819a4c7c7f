import { describe, expect, it } from "vitest";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";

describe.each(testDatabases())("posting announcements on $name", (database) => {
  const world = useOutboxWorld(database);

  it("posts a row's message with the row id as an enforced nonce and records the message id", async () => {
    const target = await world.subscribeChannel("battles");
    const id = await world.enqueuePost(target, { title: "Battle bat_1 finished" });

    const results = await world.createWorker().runOnce();

    const [message] = world.fake.messages(target.channelId);
    expect(world.contents(target.channelId)).toEqual(["Battle bat_1 finished"]);
    expect(message?.nonce).toBe(id);
    expect(message?.allowedMentions).toEqual({ parse: [] });
    expect(results).toEqual([expect.objectContaining({ id, outcome: "delivered", messageId: message?.id })]);
    expect(await world.entry(id)).toMatchObject({
      status: "delivered",
      postedMessageId: message?.id,
      deliveredAt: world.clock.now(),
      attempts: 0,
      leaseOwner: null,
    });
  });

  it("edits the battle card an edit row targets", async () => {
    const target = await world.subscribeChannel("battles");
    const worker = world.createWorker();
    await world.enqueuePost(target, { title: "Battle bat_2 created" });
    const [posted] = await worker.runOnce();
    const cardId = posted?.messageId ?? "";

    const id = await world.enqueueEdit(target.channelId, cardId, { title: "Battle bat_2 started" });
    const results = await worker.runOnce();

    expect(world.contents(target.channelId)).toEqual(["Battle bat_2 started (card updated)"]);
    expect(world.fake.message(cardId)?.edits).toHaveLength(1);
    expect(results).toEqual([expect.objectContaining({ id, outcome: "delivered", messageId: cardId })]);
    expect(await world.entry(id)).toMatchObject({ status: "delivered", postedMessageId: cardId });
  });

  it("marks a row delivered without posting when the renderer has nothing to say", async () => {
    const target = await world.subscribeChannel("battles");
    const id = await world.enqueuePost(target, { nothingToPost: true });

    const results = await world.createWorker().runOnce();

    expect(world.fake.messages(target.channelId)).toEqual([]);
    expect(results).toEqual([
      expect.objectContaining({ id, outcome: "skipped", reason: "the renderer had nothing to post" }),
    ]);
    expect(await world.entry(id)).toMatchObject({ status: "delivered", postedMessageId: null });
  });

  it("leaves rows that are not due yet for a later run", async () => {
    const target = await world.subscribeChannel("battles");
    world.clock.advance(60_000);
    const id = await world.enqueuePost(target);
    world.clock.advance(-60_000);

    expect(await world.createWorker().runOnce()).toEqual([]);
    expect(await world.entry(id)).toMatchObject({ status: "pending", leaseOwner: null });
  });
});
