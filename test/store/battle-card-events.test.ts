import { describe, expect, it } from "vitest";
import { listBattleCreatedEvents, listCardMessageEvents } from "../../src/store/battle-card-events.js";
import { insertInboxEvent, operatorSource, type InboxEventInput } from "../../src/store/inbox.js";
import { enqueueOutbox } from "../../src/store/outbox.js";
import { createWebhookEndpoint } from "../../src/store/webhook-endpoints.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const box = createTestSecretBox();
const guildId = "100000000000000001";
const otherGuildId = "100000000000000002";
const card = { channelId: "300000000000000001", messageId: "400000000000000001" };

function created(
  eventId: string,
  battleId: string,
  overrides: Partial<InboxEventInput> = {},
): InboxEventInput {
  return {
    eventId,
    kind: "battle.created",
    source: operatorSource,
    status: "accepted",
    payload: { id: eventId, kind: "battle.created", data: { battleId } },
    receivedAt: testNow,
    ...overrides,
  };
}

describe.each(testDatabases())("battle card events on $name", (database) => {
  const store = useMigratedStore(database);

  async function routeToCard(eventId: string, action: "edit" | "post" = "edit"): Promise<void> {
    await enqueueOutbox(store.db, {
      source: operatorSource,
      eventId,
      guildId,
      channelId: card.channelId,
      subscriptionId: null,
      action,
      targetMessageId: action === "edit" ? card.messageId : null,
      now: testNow,
    });
  }

  it("lists the accepted events edited into a card message, newest first, as stored JSON", async () => {
    await insertInboxEvent(store.db, created("evt_1", "bat_1", { kind: "battle.started" }));
    await insertInboxEvent(
      store.db,
      created("evt_2", "bat_1", { kind: "battle.completed", receivedAt: testNow + 1 }),
    );
    await insertInboxEvent(store.db, created("evt_3", "bat_1", { status: "dead", receivedAt: testNow + 2 }));
    await insertInboxEvent(store.db, created("evt_4", "bat_1", { receivedAt: testNow + 3 }));
    for (const eventId of ["evt_1", "evt_2", "evt_3"]) await routeToCard(eventId);
    await routeToCard("evt_4", "post");

    const rows = await listCardMessageEvents(store.db, { ...card, limit: 10 });
    expect(rows.map((row) => row.eventId)).toEqual(["evt_2", "evt_1"]);
    expect(JSON.parse(rows[0]?.payload ?? "null")).toEqual(created("evt_2", "bat_1").payload);
    expect(await listCardMessageEvents(store.db, { ...card, limit: 1 })).toHaveLength(1);
    expect(await listCardMessageEvents(store.db, { ...card, messageId: "other", limit: 10 })).toEqual([]);
  });

  it("finds battle.created events in the window, from sources that may reach the guild", async () => {
    const own = await createWebhookEndpoint(store.db, box, {
      guildId,
      secret: "s",
      eventKinds: [],
      now: testNow,
    });
    const foreign = await createWebhookEndpoint(store.db, box, {
      guildId: otherGuildId,
      secret: "s",
      eventKinds: [],
      now: testNow,
    });
    await insertInboxEvent(store.db, created("evt_op", "bat_1", { receivedAt: testNow - 10 }));
    await insertInboxEvent(
      store.db,
      created("evt_own", "bat_1", { source: own.id, receivedAt: testNow - 5 }),
    );
    await insertInboxEvent(store.db, created("evt_foreign", "bat_1", { source: foreign.id }));
    await insertInboxEvent(store.db, created("evt_early", "bat_1", { receivedAt: testNow - 1000 }));
    await insertInboxEvent(store.db, created("evt_other", "bat_2"));

    const rows = await listBattleCreatedEvents(store.db, {
      battleId: "bat_1",
      guildId,
      receivedFrom: testNow - 100,
      receivedTo: testNow,
      limit: 10,
    });
    expect(rows.map((row) => row.eventId)).toEqual(["evt_own", "evt_op"]);
  });
});
