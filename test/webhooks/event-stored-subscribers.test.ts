// The receiver runs the subscribers it is given inside the transaction that stores each accepted event
// (docs/architecture.md, "Webhooks in" step 3): what one writes commits with the event, or not at all.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import {
  eachStoredEvent,
  type EventStoredContext,
  type EventStoredSubscriber,
} from "../../src/store/event-stored-subscribers.js";
import { findInboxEvent, operatorSource } from "../../src/store/inbox.js";
import { listTiers, recordTierSighting } from "../../src/store/tiers.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { createGroupCommit } from "../../src/store/write-batcher.js";
import { createIngester } from "../../src/webhooks/create-ingester.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { receiveDelivery } from "../../src/webhooks/receive-delivery.js";
import { noWebhookMetrics } from "../../src/webhooks/webhook-metrics.js";
import { createLogger } from "../../src/logger.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { battleCompletedData, sign, standardEvent } from "./support/payloads.js";
import { guildB } from "./support/seed.js";

const operator: EventSource = { type: "operator" };
const endpointOfB: EventSource = { type: "endpoint", endpointId: "endpointOfGuildB00000", guildId: guildB };

function delivery(id: string, source: EventSource = operator) {
  const body = standardEvent({ id, event: "battle.completed", data: battleCompletedData() });
  return { rawBody: Buffer.from(body, "utf8"), source };
}

/** Writes a row named for the event (a tier, as good a table as any) and reports one probe queued. */
const recordProbe: EventStoredSubscriber = eachStoredEvent(async (trx, event, context) => {
  await recordTierSighting(trx, { tier: event.id, rating: undefined, now: context.now });
  return { probesQueued: 1 };
});

/** Fails for the one event named, after the subscribers before it wrote their rows. */
function failFor(eventId: string): EventStoredSubscriber {
  return eachStoredEvent((_trx, event) =>
    event.id === eventId ? Promise.reject(new Error("injected fault")) : Promise.resolve({}),
  );
}

describe.each(testDatabases())("subscribers of a stored event on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12));
  const storedTiers = async () => (await listTiers(store.db)).map((tier) => tier.tier).sort();
  const inboxHas = async (eventId: string) =>
    (await findInboxEvent(store.db, { source: operatorSource, eventId })) !== undefined;

  it("runs each with the delivery's reach and time, and carries the work they queued in the result", async () => {
    const seen: EventStoredContext[] = [];
    const remember = eachStoredEvent((_trx, _event, context) => {
      seen.push(context);
      return Promise.resolve({ probesQueued: 0 });
    });
    const deps = { db: store.db, clock, subscribers: [recordProbe, remember, recordProbe] };

    expect(await ingestEvent(deps, delivery("evt_operator"))).toMatchObject({
      status: "accepted",
      probesQueued: 2,
    });
    await ingestEvent(deps, delivery("evt_endpoint", endpointOfB));

    expect(seen).toEqual([
      { fromOperator: true, guildId: undefined, now: clock.now() },
      { fromOperator: false, guildId: guildB, now: clock.now() },
    ]);
    expect(await storedTiers()).toEqual(["evt_endpoint", "evt_operator"]);
  });

  it("rolls a subscriber's write back with the event when the transaction fails", async () => {
    const deps = { db: store.db, clock, subscribers: [recordProbe, failFor("evt_bad")] };

    await expect(ingestEvent(deps, delivery("evt_bad"))).rejects.toThrow("injected fault");

    expect(await inboxHas("evt_bad")).toBe(false);
    expect(await storedTiers()).toEqual([]);
    // The platform's retry, the fault gone, stores both.
    await ingestEvent({ ...deps, subscribers: [recordProbe] }, delivery("evt_bad"));
    expect(await inboxHas("evt_bad")).toBe(true);
    expect(await storedTiers()).toEqual(["evt_bad"]);
  });

  it("runs them in a shared commit too, refusing only the delivery whose subscriber failed", async () => {
    const ingest = createIngester({
      db: store.db,
      clock,
      subscribers: [recordProbe, failFor("evt_bad")],
    });

    const settled = await Promise.allSettled(["evt_a", "evt_bad", "evt_b"].map((id) => ingest(delivery(id))));

    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await inboxHas("evt_bad")).toBe(false);
    expect(await storedTiers()).toEqual(["evt_a", "evt_b"]);
  });

  it("hands a subscriber all the events of a shared commit at once, and each result the work queued for it", async () => {
    const calls: string[][] = [];
    // Queues one probe per event, numbered by its place in the call.
    const countInOrder: EventStoredSubscriber = (_trx, stored) => {
      calls.push(stored.map(({ event }) => event.id));
      return Promise.resolve(stored.map((_stored, index) => ({ probesQueued: index + 1 })));
    };
    const ingest = createIngester({
      db: store.db,
      clock,
      subscribers: [countInOrder],
      runBatched: createGroupCommit(store.db),
    });

    const ids = ["evt_1", "evt_2", "evt_3"];
    const results = await Promise.all(ids.map((id) => ingest(delivery(id))));

    expect(calls).toEqual([ids]);
    expect(results.map((result) => result.probesQueued)).toEqual([1, 2, 3]);
  });

  it("refuses a commit whose subscriber answers counts for the wrong number of events", async () => {
    const short: EventStoredSubscriber = () => Promise.resolve([]);
    const deps = { db: store.db, clock, subscribers: [short] };

    await expect(ingestEvent(deps, delivery("evt_short"))).rejects.toThrow("0 counts for 1 events");
    expect(await inboxHas("evt_short")).toBe(false);
  });

  it("wakes the workers for a delivery that queued a subscriber's work and no post", async () => {
    let woken = 0;
    const ingest = createIngester({ db: store.db, clock, subscribers: [recordProbe] });
    const { rawBody } = delivery("evt_probe");

    await receiveDelivery(
      {
        ingest,
        logger: createLogger({ level: "silent" }),
        metrics: noWebhookMetrics,
        onEnqueued: () => (woken += 1),
      },
      { rawBody, signature: sign(rawBody, "whsec_test"), source: operator, secrets: ["whsec_test"] },
    );

    expect(woken).toBe(1);
  });
});
