import { describe, expect, it } from "vitest";
import {
  findInboxEvent,
  insertInboxEvent,
  insertInboxEvents,
  listRecentInboxEvents,
  operatorSource,
  pruneInbox,
  type InboxEventInput,
  type InboxKey,
} from "../../src/store/inbox.js";
import { enqueueOutbox } from "../../src/store/outbox.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const day = 86_400_000;

function eventInput(eventId: string, overrides: Partial<InboxEventInput> = {}): InboxEventInput {
  return {
    eventId,
    kind: "battle.completed",
    source: operatorSource,
    status: "accepted",
    payload: { battleId: "b-1", winner: "u-alice" },
    receivedAt: testNow,
    ...overrides,
  };
}

function fromOperator(eventId: string): InboxKey {
  return { source: operatorSource, eventId };
}

describe.each(testDatabases())("inbox on $name", (database) => {
  const store = useMigratedStore(database);

  it("stores a new event and recognises its repeat without changing it", async () => {
    expect(await insertInboxEvent(store.db, eventInput("evt_1"))).toBe(true);
    expect(
      await insertInboxEvent(store.db, eventInput("evt_1", { status: "dead", receivedAt: testNow + 60_000 })),
    ).toBe(false);
    expect(await findInboxEvent(store.db, fromOperator("evt_1"))).toEqual({
      eventId: "evt_1",
      kind: "battle.completed",
      source: "operator",
      status: "accepted",
      payload: { battleId: "b-1", winner: "u-alice" },
      error: null,
      receivedAt: testNow,
    });
  });

  it("keeps the same event id from two sources apart, so neither shadows the other", async () => {
    const fromGuild = { source: "endpoint-1", eventId: "evt_1" };
    expect(
      await insertInboxEvent(store.db, eventInput("evt_1", { source: "endpoint-1", payload: "forged" })),
    ).toBe(true);
    expect(await insertInboxEvent(store.db, eventInput("evt_1"))).toBe(true);
    expect(await insertInboxEvent(store.db, eventInput("evt_1", { source: "endpoint-1" }))).toBe(false);
    expect(await findInboxEvent(store.db, fromGuild)).toMatchObject({
      source: "endpoint-1",
      payload: "forged",
    });
    expect(await findInboxEvent(store.db, fromOperator("evt_1"))).toMatchObject({
      source: "operator",
      payload: { battleId: "b-1", winner: "u-alice" },
    });
    expect(await findInboxEvent(store.db, { source: "endpoint-2", eventId: "evt_1" })).toBeUndefined();
  });

  it("detects exactly one new insert among simultaneous deliveries of the same event", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => insertInboxEvent(store.db, eventInput("evt_race"))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("stores an event and its outbox rows together or not at all (the receiver's transaction)", async () => {
    const receive = (eventId: string, fail: boolean) =>
      store.db.transaction().execute(async (trx) => {
        await insertInboxEvent(trx, eventInput(eventId));
        await enqueueOutbox(trx, {
          source: operatorSource,
          eventId,
          guildId: "g",
          channelId: "c",
          subscriptionId: "s",
          action: "post",
          targetMessageId: null,
          now: testNow,
        });
        if (fail) throw new Error("crashed before commit");
      });
    await expect(receive("evt_crash", true)).rejects.toThrow("crashed before commit");
    expect(await findInboxEvent(store.db, fromOperator("evt_crash"))).toBeUndefined();
    expect(await store.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    await receive("evt_crash", false);
    expect(await findInboxEvent(store.db, fromOperator("evt_crash"))).toBeDefined();
    expect(await store.db.selectFrom("outbox").select("event_id").execute()).toEqual([
      { event_id: "evt_crash" },
    ]);
  });

  it("stores each batch's own rows when batches of one size reuse the statement compiled for the first", async () => {
    const batches = [
      { batch: ["evt_a", "evt_b"], stored: ["evt_a", "evt_b"] },
      { batch: ["evt_c", "evt_d"], stored: ["evt_c", "evt_d"] },
      // evt_a is a repeat.
      { batch: ["evt_a", "evt_e"], stored: ["evt_e"] },
    ];
    for (const { batch, stored } of batches) {
      const inserted = await insertInboxEvents(
        store.db,
        batch.map((eventId, index) => eventInput(eventId, { receivedAt: testNow + index })),
      );
      expect([...inserted].sort()).toEqual(stored.map((eventId) => `${operatorSource}\n${eventId}`));
    }
    // A row with an error has the same columns; one of another shape is compiled on its own.
    await insertInboxEvents(store.db, [
      eventInput("evt_f", { status: "dead", error: "data: missing" }),
      eventInput("evt_g", { payload: { body: "{" } }),
    ]);
    expect(await findInboxEvent(store.db, fromOperator("evt_d"))).toMatchObject({ receivedAt: testNow + 1 });
    expect(await findInboxEvent(store.db, fromOperator("evt_e"))).toMatchObject({ receivedAt: testNow + 1 });
    expect(await findInboxEvent(store.db, fromOperator("evt_f"))).toMatchObject({
      status: "dead",
      error: "data: missing",
    });
    expect(await findInboxEvent(store.db, fromOperator("evt_g"))).toMatchObject({ payload: { body: "{" } });
  });

  it("keeps a dead-lettered event with its error", async () => {
    await insertInboxEvent(
      store.db,
      eventInput("evt_bad", { status: "dead", error: "data.battleId: required", payload: "raw" }),
    );
    expect(await findInboxEvent(store.db, fromOperator("evt_bad"))).toMatchObject({
      status: "dead",
      error: "data.battleId: required",
      payload: "raw",
    });
  });

  it("lists recent events newest first, optionally from one source", async () => {
    await insertInboxEvent(store.db, eventInput("evt_a", { receivedAt: testNow }));
    await insertInboxEvent(store.db, eventInput("evt_b", { receivedAt: testNow + 1, source: "endpoint-1" }));
    await insertInboxEvent(store.db, eventInput("evt_c", { receivedAt: testNow + 2 }));
    const recent = await listRecentInboxEvents(store.db, { limit: 2 });
    expect(recent.map((event) => event.eventId)).toEqual(["evt_c", "evt_b"]);
    const fromEndpoint = await listRecentInboxEvents(store.db, { limit: 10, source: "endpoint-1" });
    expect(fromEndpoint.map((event) => event.eventId)).toEqual(["evt_b"]);
  });

  it("prunes old events, but not recent ones nor those the outbox still refers to", async () => {
    await insertInboxEvent(store.db, eventInput("evt_old", { receivedAt: testNow - 8 * day }));
    await insertInboxEvent(store.db, eventInput("evt_old_queued", { receivedAt: testNow - 8 * day }));
    await insertInboxEvent(store.db, eventInput("evt_new", { receivedAt: testNow - day }));
    await enqueueOutbox(store.db, {
      source: operatorSource,
      eventId: "evt_old_queued",
      guildId: "g",
      channelId: "c",
      subscriptionId: null,
      action: "post",
      targetMessageId: null,
      now: testNow,
    });
    // Only the copy the outbox row was routed from is kept; the same id from another source is not.
    await insertInboxEvent(
      store.db,
      eventInput("evt_old_queued", { source: "endpoint-1", receivedAt: testNow - 8 * day }),
    );
    expect(await pruneInbox(store.db, testNow - 7 * day)).toBe(2);
    expect(
      await findInboxEvent(store.db, { source: "endpoint-1", eventId: "evt_old_queued" }),
    ).toBeUndefined();
    expect(await findInboxEvent(store.db, fromOperator("evt_old"))).toBeUndefined();
    expect(await findInboxEvent(store.db, fromOperator("evt_old_queued"))).toBeDefined();
    expect(await findInboxEvent(store.db, fromOperator("evt_new"))).toBeDefined();
  });
});
