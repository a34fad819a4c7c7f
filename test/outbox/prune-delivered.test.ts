import { describe, expect, it } from "vitest";
import { createOutboxWorker } from "../../src/outbox/index.js";
import { findInboxEvent } from "../../src/store/inbox.js";
import { findOutboxEntry } from "../../src/store/outbox.js";
import { testDatabases } from "../store/databases.js";
import { useOutboxWorld } from "./support/outbox-world.js";

const day = 24 * 60 * 60_000;

describe.each(testDatabases())("pruning on $name", (database) => {
  const world = useOutboxWorld(database);

  it("deletes old delivered and dead rows and the inbox events only they named", async () => {
    const target = await world.subscribeChannel("battles");
    const worker = world.createWorker({
      retention: { deliveredRetentionMs: 7 * day, inboxRetentionMs: 7 * day },
    });
    world.clock.advance(-8 * day);
    const oldDelivered = await world.enqueuePost(target);
    const oldDead = await world.enqueuePost(target, { empty: true });
    await worker.runOnce();
    world.clock.advance(8 * day);
    const recent = await world.enqueuePost(target);
    await worker.runOnce();
    // Received as long ago, but still waiting to be sent: its row and event stay.
    world.clock.advance(-8 * day);
    const oldPending = await world.enqueuePost(target);
    world.clock.advance(8 * day);
    const eventOf = async (id: string) => {
      const { source, eventId } = await world.entry(id);
      return { source, eventId };
    };
    const events = {
      oldDelivered: await eventOf(oldDelivered),
      oldDead: await eventOf(oldDead),
      oldPending: await eventOf(oldPending),
      recent: await eventOf(recent),
    };

    const counts = await worker.pruneDelivered();

    expect(counts).toEqual({ outboxRows: 2, inboxEvents: 2 });
    expect(await findOutboxEntry(world.db, oldDelivered)).toBeUndefined();
    expect(await findOutboxEntry(world.db, oldDead)).toBeUndefined();
    expect(await findOutboxEntry(world.db, oldPending)).toMatchObject({ status: "pending" });
    expect(await findOutboxEntry(world.db, recent)).toMatchObject({ status: "delivered" });
    expect(await findInboxEvent(world.db, events.oldDelivered)).toBeUndefined();
    expect(await findInboxEvent(world.db, events.oldDead)).toBeUndefined();
    expect(await findInboxEvent(world.db, events.oldPending)).toBeDefined();
    expect(await findInboxEvent(world.db, events.recent)).toBeDefined();
  });

  it("refuses to forget inbox events sooner than 7 days", () => {
    expect(() =>
      createOutboxWorker({
        db: world.db,
        rest: world.createRest(),
        sources: { fallback: { render: () => Promise.resolve(undefined) } },
        clock: world.clock,
        logger: world.logger,
        owner: "worker-1",
        retention: { inboxRetentionMs: 6 * day },
      }),
    ).toThrow(RangeError);
  });
});
