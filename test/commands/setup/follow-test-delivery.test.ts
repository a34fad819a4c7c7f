import { describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../../../src/api/schemas/webhook.js";
import { ManualClock } from "../../../src/clock.js";
import { followTestDelivery } from "../../../src/commands/setup/follow-test-delivery.js";
import type { InboxEvent } from "../../../src/store/inbox.js";

const event: InboxEvent = {
  eventId: "evt_1",
  kind: "battle.completed",
  source: "ep_1",
  status: "accepted",
  payload: {},
  error: null,
  receivedAt: 0,
};

const delivery = (status: string, responseCode: number): WebhookDelivery => ({
  id: "dlv_1",
  eventId: "evt_1",
  status,
  attempts: 1,
  responseCode,
  responseTime: 4,
  createdAt: "2026-01-01T00:00:00Z",
  deliveredAt: undefined,
});

/** A world where the event shows up in the inbox or the platform's records after some polls. */
function world(options: { arrivesOnLook?: number; recordOnLook?: number; record?: WebhookDelivery }) {
  const clock = new ManualClock(0);
  let arrivalLooks = 0;
  let recordLooks = 0;
  const sleeps: number[] = [];
  const watch = {
    findArrival: () => {
      arrivalLooks += 1;
      return Promise.resolve(arrivalLooks === options.arrivesOnLook ? event : undefined);
    },
    findDelivery: () => {
      recordLooks += 1;
      const shown = options.recordOnLook !== undefined && recordLooks >= options.recordOnLook;
      return Promise.resolve(shown ? options.record : undefined);
    },
  };
  const follow = {
    clock,
    windowMs: 10_000,
    pollMs: 1_000,
    sleep: (milliseconds: number) => {
      sleeps.push(milliseconds);
      clock.advance(milliseconds);
      return Promise.resolve();
    },
  };
  return { watch, follow, sleeps, looks: () => ({ arrivalLooks, recordLooks }) };
}

describe("following a test delivery", () => {
  it("reports the arrival as soon as the inbox has the event", async () => {
    const { watch, follow, sleeps } = world({ arrivesOnLook: 3 });
    expect(await followTestDelivery(watch, follow)).toEqual({ fate: "arrived", event });
    expect(sleeps).toEqual([1_000, 1_000]);
  });

  it("stops at a failed delivery record, without waiting out the window", async () => {
    const record = delivery("failed", 401);
    const { watch, follow, sleeps } = world({ recordOnLook: 2, record });
    expect(await followTestDelivery(watch, follow)).toEqual({ fate: "failed", delivery: record });
    expect(sleeps).toHaveLength(1);
  });

  it("blames the URL when the platform got a 2xx that this bot never stored", async () => {
    const record = delivery("delivered", 200);
    const { watch, follow, looks } = world({ recordOnLook: 1, record });
    expect(await followTestDelivery(watch, follow)).toEqual({ fate: "answered-elsewhere", delivery: record });
    // The inbox is looked at again after the record, in case the event landed in between.
    expect(looks()).toEqual({ arrivalLooks: 2, recordLooks: 1 });
  });

  it("counts an event that landed between the two looks as arrived", async () => {
    const { watch, follow } = world({
      arrivesOnLook: 2,
      recordOnLook: 1,
      record: delivery("delivered", 204),
    });
    expect(await followTestDelivery(watch, follow)).toEqual({ fate: "arrived", event });
  });

  it("gives up when the window closes with no arrival and no record", async () => {
    const { watch, follow, sleeps, looks } = world({});
    expect(await followTestDelivery(watch, follow)).toEqual({ fate: "not-arrived" });
    expect(sleeps.reduce((total, milliseconds) => total + milliseconds, 0)).toBe(10_000);
    expect(looks().arrivalLooks).toBe(11);
  });
});
