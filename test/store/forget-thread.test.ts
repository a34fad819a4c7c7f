// Forgetting a message's thread Discord deleted or refused (src/store/forget-thread.ts): its updates go to the
// channel again, its pending rows are dropped and handed over, and the posts a route would have put in the
// channel go there when handed to the announcements' reaction (src/store/requeue-routed-posts.ts).
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
import { requeueRoutedPosts } from "../../src/store/requeue-routed-posts.js";
import { createSubscription, deleteSubscription } from "../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { threadedCard } from "./support/threaded-card.js";

const card = threadedCard;
const forget = { guildId: card.guildId, threadId: card.messageId, error: "404 Unknown Channel" };

describe.each(testDatabases())("forgetting a thread on $name", (database) => {
  const store = useMigratedStore(database);
  /** Forgets the thread, its dropped rows handed to the announcements' reaction, as the bot's sources do. */
  const forgetThreadOf = (key: Omit<Parameters<typeof forgetThread>[1], "handOver">) =>
    forgetThread(store.db, {
      ...key,
      handOver: (rows) => requeueRoutedPosts(store.db, { guildId: key.guildId, now: key.now, rows }),
    });
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
    expect(await forgetThreadOf(refused)).toBe(true);
    expect(await forgetThreadOf(refused)).toBe(false);
    expect((await findBattleCard(store.db, card))?.threadId).toBeNull();
    const rows = await store.db.selectFrom("outbox").select(["action", "status"]).execute();
    const byAction = new Map(rows.map((row) => [row.action, row.status]));
    expect(byAction.get("thread-post")).toBe("dead");
    expect(byAction.get("edit")).toBe("pending");
    expect(byAction.get("start-thread")).toBe("pending");
  });

  it("moves the routed posts to the channel in their place, while their route still takes the event", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    // The channel's route before this one, removed since (a channel has one route at a time).
    const removed = await route(["battle.submission"]);
    await deleteSubscription(store.db, { guildId: card.guildId, id: removed });
    const active = await route(["battle.started", "battle.completed", "user.rating_changed"]);
    await storeEvents({
      evt_rating: "user.rating_changed",
      evt_started: "battle.started",
      evt_result: "battle.completed",
      evt_notice: "battle.started",
      evt_unrouted: "battle.submission",
      evt_narrowed: "battle.created",
      evt_sending: "battle.started",
    });
    const row = { source: "operator", guildId: card.guildId, channelId: card.channelId, now: testNow };
    const inThread = { ...row, action: "thread-post" as const, targetMessageId: card.messageId };
    const later = testNow + 5000;
    const [summaryDue, retryDue] = [later + 3000, later + 60_000];
    await enqueueOutboxRows(store.db, [
      // A rating change waiting out its summary window, a start waiting to retry on the thread, a result the
      // channel has already, a notice only for the thread, an update whose route was removed since, one whose
      // route no longer takes its kind, one a worker holds.
      { ...inThread, eventId: "evt_rating", subscriptionId: active, dueAt: summaryDue, summaryKey: "trn:1" },
      { ...inThread, eventId: "evt_started", subscriptionId: active, dueAt: retryDue },
      { ...inThread, eventId: "evt_result", subscriptionId: active },
      { ...row, eventId: "evt_result", subscriptionId: active, action: "post", targetMessageId: null },
      { ...inThread, eventId: "evt_notice", subscriptionId: null },
      { ...inThread, eventId: "evt_unrouted", subscriptionId: removed },
      { ...inThread, eventId: "evt_narrowed", subscriptionId: active },
      { ...inThread, eventId: "evt_sending", subscriptionId: active },
    ]);
    await store.db
      .updateTable("outbox")
      // Held for an hour whichever clock leases are on (the database's, on PostgreSQL).
      .set({ lease_owner: "worker-b", lease_expires_at: Date.now() + 60 * 60_000 })
      .where("event_id", "=", "evt_sending")
      .execute();

    expect(await forgetThreadOf({ ...forget, now: later })).toBe(true);

    expect(await listPosts(store.db)).toEqual([
      ["evt_narrowed", "thread-post", "dead", testNow],
      ["evt_notice", "thread-post", "dead", testNow],
      // Still waiting out its window in the channel.
      ["evt_rating", "post", "pending", summaryDue],
      ["evt_rating", "thread-post", "dead", summaryDue],
      ["evt_result", "post", "pending", testNow],
      ["evt_result", "thread-post", "dead", testNow],
      // Left to the worker sending it: should it fail on the thread, it comes back as a failed row.
      ["evt_sending", "thread-post", "pending", testNow],
      // Due now: the wait was the thread's.
      ["evt_started", "post", "pending", later],
      ["evt_started", "thread-post", "dead", retryDue],
      ["evt_unrouted", "thread-post", "dead", testNow],
    ]);
    // In their place in the channel's order: created when their event was routed.
    const moved = await store.db
      .selectFrom("outbox")
      .select(["event_id", "created_at", "subscription_id", "summary_key"])
      .where("event_id", "in", ["evt_rating", "evt_started"])
      .where("action", "=", "post")
      .orderBy("event_id")
      .execute();
    expect(moved).toEqual([
      { event_id: "evt_rating", created_at: testNow, subscription_id: active, summary_key: "trn:1" },
      { event_id: "evt_started", created_at: testNow, subscription_id: active, summary_key: null },
    ]);
  });

  it("moves the posts that failed on the thread, but one another worker took since, once however often", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    const active = await route(["battle.started"]);
    await storeEvents({ evt_a: "battle.started", evt_b: "battle.started", evt_c: "battle.started" });
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
      { ...inThread, eventId: "evt_c" },
    ]);
    // The worker gave two up on the 404 before the failure's reaction forgets the thread; the third's lease
    // had ended, and another worker holds it now.
    await store.db.updateTable("outbox").set({ status: "dead" }).where("event_id", "!=", "evt_c").execute();
    await store.db
      .updateTable("outbox")
      .set({ lease_owner: "worker-c", lease_expires_at: Date.now() + 60 * 60_000 })
      .where("event_id", "=", "evt_c")
      .execute();

    await forgetThreadOf({ ...forget, now: testNow + 1, failedRowIds });
    await forgetThreadOf({ ...forget, now: testNow + 2, failedRowIds });

    expect((await listPosts(store.db)).filter(([, action]) => action === "post")).toEqual([
      ["evt_a", "post", "pending", testNow + 1],
      ["evt_b", "post", "pending", testNow + 1],
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
