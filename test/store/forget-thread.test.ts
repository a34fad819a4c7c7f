// Forgetting a message's thread Discord deleted or refused (src/store/forget-thread.ts): its updates go to the
// channel again, its pending rows are dropped, and the posts a route would have put in the channel go there.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { EventKind } from "../../src/events/event-kinds.js";
import { recordJoinAnswer } from "../../src/store/battle-answers.js";
import { findBattleCard } from "../../src/store/battle-cards.js";
import type { Database } from "../../src/store/database.js";
import { forgetThread } from "../../src/store/forget-thread.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import { recordThreadStarted, saveCardStartingThread } from "../../src/store/message-threads.js";
import { enqueueOutboxRows } from "../../src/store/outbox.js";
import { createSubscription, deleteSubscription } from "../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const card = {
  battleId: "bat_threaded",
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  messageId: "400000000000000001",
  createdBy: "200000000000000001",
};
const forget = { guildId: card.guildId, threadId: card.messageId, error: "404 Unknown Channel" };

describe.each(testDatabases())("forgetting a thread on $name", (database) => {
  const store = useMigratedStore(database);
  const route = async (kinds: EventKind[]) =>
    (
      await createSubscription(store.db, {
        guildId: card.guildId,
        channelId: card.channelId,
        eventKinds: kinds,
        filters: {},
        createdBy: card.createdBy,
        now: testNow,
      })
    ).id;
  /** Events stored from the operator's webhook, by id and kind. */
  const storeEvents = async (events: Record<string, string>) => {
    for (const [eventId, kind] of Object.entries(events)) {
      await insertInboxEvent(store.db, {
        eventId,
        kind,
        source: "operator",
        status: "accepted",
        payload: {},
        receivedAt: testNow,
      });
    }
  };

  it("forgets a refused thread once, dropping its pending posts, so updates go to the channel", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    await recordThreadStarted(store.db, { guildId: card.guildId, messageId: card.messageId });
    await recordJoinAnswer(store.db, {
      battleId: card.battleId,
      facts: { status: "active", participants: [{ id: "usr_ada", username: "ada" }] },
      now: testNow,
    });
    const refused = { ...forget, error: "403 Missing Permissions", now: testNow };
    expect(await forgetThread(store.db, refused)).toBe(true);
    expect(await forgetThread(store.db, refused)).toBe(false);
    expect((await findBattleCard(store.db, card))?.threadId).toBeNull();
    const rows = await store.db.selectFrom("outbox").select(["action", "status"]).execute();
    const byAction = new Map(rows.map((row) => [row.action, row.status]));
    expect(byAction.get("thread-post")).toBe("dead");
    expect(byAction.get("edit")).toBe("pending");
    expect(byAction.get("start-thread")).toBe("pending");
  });

  it("moves the routed posts to the channel in their place, while their route still takes the event", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    const [active, removed] = [
      await route(["battle.started", "battle.completed"]),
      await route(["battle.submission"]),
    ];
    await storeEvents({
      evt_started: "battle.started",
      evt_result: "battle.completed",
      evt_notice: "battle.started",
      evt_unrouted: "battle.submission",
      evt_narrowed: "battle.created",
      evt_sending: "battle.started",
    });
    const row = { source: "operator", guildId: card.guildId, channelId: card.channelId, now: testNow };
    const inThread = { ...row, action: "thread-post" as const, targetMessageId: card.messageId };
    const summaryDue = testNow + 3000;
    await enqueueOutboxRows(store.db, [
      // A start still waiting out a window, a result the channel has already, a notice only for the thread,
      // an update whose route was removed since, one whose route no longer takes its kind, one being sent.
      { ...inThread, eventId: "evt_started", subscriptionId: active, dueAt: summaryDue },
      { ...inThread, eventId: "evt_result", subscriptionId: active },
      { ...row, eventId: "evt_result", subscriptionId: active, action: "post", targetMessageId: null },
      { ...inThread, eventId: "evt_notice", subscriptionId: null },
      { ...inThread, eventId: "evt_unrouted", subscriptionId: removed },
      { ...inThread, eventId: "evt_narrowed", subscriptionId: active },
      { ...inThread, eventId: "evt_sending", subscriptionId: active },
    ]);
    await deleteSubscription(store.db, { guildId: card.guildId, id: removed });
    const later = testNow + 5000;
    await store.db
      .updateTable("outbox")
      // Held for an hour whichever clock leases are on (the database's, on PostgreSQL).
      .set({ lease_owner: "worker-b", lease_expires_at: Date.now() + 60 * 60_000 })
      .where("event_id", "=", "evt_sending")
      .execute();

    expect(await forgetThread(store.db, { ...forget, now: later })).toBe(true);

    expect(await listPosts(store.db)).toEqual([
      ["evt_narrowed", "thread-post", "dead", testNow],
      ["evt_notice", "thread-post", "dead", testNow],
      ["evt_result", "post", "pending", testNow],
      ["evt_result", "thread-post", "dead", testNow],
      // Left to the worker sending it: should it fail on the thread, it comes back as a failed row.
      ["evt_sending", "thread-post", "pending", testNow],
      // Queued as it was: created with the event, due when the thread's post was.
      ["evt_started", "post", "pending", summaryDue],
      ["evt_started", "thread-post", "dead", summaryDue],
      ["evt_unrouted", "thread-post", "dead", testNow],
    ]);
    const moved = await store.db
      .selectFrom("outbox")
      .select(["created_at", "subscription_id"])
      .where("event_id", "=", "evt_started")
      .where("action", "=", "post")
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ created_at: testNow, subscription_id: active });
  });

  it("moves the posts that failed on the thread, already dead, and queues nothing more on a repeat", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    const active = await route(["battle.started"]);
    await storeEvents({ evt_a: "battle.started", evt_b: "battle.started" });
    const inThread = {
      source: "operator",
      guildId: card.guildId,
      channelId: card.channelId,
      subscriptionId: active,
      action: "thread-post" as const,
      targetMessageId: card.messageId,
      now: testNow,
    };
    const failedRowIds = await enqueueOutboxRows(store.db, [
      { ...inThread, eventId: "evt_a" },
      { ...inThread, eventId: "evt_b" },
    ]);
    // The worker gave both up on the 404 before the failure's reaction forgets the thread.
    await store.db.updateTable("outbox").set({ status: "dead" }).execute();

    await forgetThread(store.db, { ...forget, now: testNow + 1, failedRowIds });
    await forgetThread(store.db, { ...forget, now: testNow + 2, failedRowIds });

    expect((await listPosts(store.db)).filter(([, action]) => action === "post")).toEqual([
      ["evt_a", "post", "pending", testNow],
      ["evt_b", "post", "pending", testNow],
    ]);
  });
});

/** The posts and thread posts as [event, action, status, due], by event then action. */
async function listPosts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("outbox")
    .select(["event_id", "action", "status", "next_attempt_at"])
    .where("action", "in", ["post", "thread-post"])
    .orderBy("event_id")
    .orderBy("action")
    .execute();
  return rows.map((row) => [row.event_id, row.action, row.status, row.next_attempt_at]);
}
