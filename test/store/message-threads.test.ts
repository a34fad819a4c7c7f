// A message's thread as the store keeps it (src/store/message-threads.ts): a battle card's start queued with the
// card, recorded once Discord made it, its join notices queued for it, and forgotten when Discord refuses it; a
// tournament's started once per channel, where its later reminders go.
import { describe, expect, it } from "vitest";
import { recordJoinAnswer } from "../../src/store/battle-answers.js";
import { findBattleCard } from "../../src/store/battle-cards.js";
import { createSubscription, deleteSubscription } from "../../src/store/subscriptions.js";
import { enqueueOutboxRows } from "../../src/store/outbox.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import {
  findThreadStart,
  findThreadPostsDue,
  findThreadStartDue,
  recordThreadStarted,
  messageThreadSource,
  saveCardStartingThread,
} from "../../src/store/message-threads.js";
import { forgetThread } from "../../src/store/forget-thread.js";
import { findTournamentThread, startTournamentThread } from "../../src/store/tournament-threads.js";
import type { Database } from "../../src/store/database.js";
import type { Kysely } from "kysely";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const card = {
  battleId: "bat_threaded",
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  messageId: "400000000000000001",
  createdBy: "200000000000000001",
};
const joined = { status: "active", participants: [{ id: "usr_ada", username: "ada" }] };

function listRows(db: Kysely<Database>) {
  return db
    .selectFrom("outbox")
    .select(["source", "event_id", "channel_id", "action", "target_message_id", "status"])
    .orderBy("id")
    .execute();
}

describe.each(testDatabases())("battle card threads on $name", (database) => {
  const store = useMigratedStore(database);

  it("queues the start of the card's thread with the card, in its channel, from its message", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    const [start, ...others] = await listRows(store.db);
    expect(others).toEqual([]);
    expect(start).toMatchObject({
      source: messageThreadSource,
      channel_id: card.channelId,
      action: "start-thread",
      target_message_id: card.messageId,
      status: "pending",
    });
    expect(
      await findThreadStart(store.db, {
        eventId: start?.event_id ?? "",
        guildId: card.guildId,
        channelId: card.channelId,
      }),
    ).toEqual({ subject: { kind: "battle", id: card.battleId }, messageId: card.messageId });
    // The card's thread is known at once, by the card's id, which Discord gives a thread started from it; its
    // posts wait while the start is still to go.
    expect((await findBattleCard(store.db, card))?.threadId).toBe(card.messageId);
    const thread = { guildId: card.guildId, threadId: card.messageId };
    expect(await findThreadStartDue(store.db, thread)).toBe(testNow);
    await store.db
      .updateTable("outbox")
      .set({ status: "delivered" })
      .where("action", "=", "start-thread")
      .execute();
    expect(await findThreadStartDue(store.db, thread)).toBeUndefined();
  });

  it("starts no thread where the channel's route keeps battle updates in the channel", async () => {
    await createSubscription(store.db, {
      guildId: card.guildId,
      channelId: card.channelId,
      eventKinds: ["battle.completed"],
      filters: { battleUpdates: "channel" },
      createdBy: card.createdBy,
      now: testNow,
    });
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    expect(await listRows(store.db)).toEqual([]);
    expect(await findBattleCard(store.db, card)).toMatchObject({ messageId: card.messageId, threadId: null });
  });

  it("records the thread once started, and a card moved to a new message starts another", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    await recordThreadStarted(store.db, { guildId: card.guildId, messageId: card.messageId });
    expect((await findBattleCard(store.db, card))?.threadId).toBe(card.messageId);

    await saveCardStartingThread(store.db, { ...card, messageId: "400000000000000002", now: testNow + 1 });
    expect((await findBattleCard(store.db, card))?.threadId).toBe("400000000000000002");
    const starts = (await listRows(store.db)).filter((row) => row.action === "start-thread");
    expect(starts.map((row) => row.target_message_id)).toEqual([card.messageId, "400000000000000002"]);
  });

  it("queues a join's notice in the card's thread beside the card's edit", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    await recordThreadStarted(store.db, { guildId: card.guildId, messageId: card.messageId });
    expect(await recordJoinAnswer(store.db, { battleId: card.battleId, facts: joined, now: testNow })).toBe(
      2,
    );
    const rows = (await listRows(store.db)).filter((row) => row.action !== "start-thread");
    expect(rows.map((row) => [row.action, row.channel_id, row.target_message_id]).sort()).toEqual([
      ["edit", card.channelId, card.messageId],
      ["thread-post", card.channelId, card.messageId],
    ]);
    // The archive goes after the thread's posts queued with or before it: this one is due now.
    expect(await findThreadPostsDue(store.db, { threadId: card.messageId, createdAt: testNow })).toBe(
      testNow,
    );
    expect(
      await findThreadPostsDue(store.db, { threadId: card.messageId, createdAt: testNow - 1 }),
    ).toBeUndefined();
  });

  it("forgets a refused thread once, dropping its pending posts, so updates go to the channel", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    await recordThreadStarted(store.db, { guildId: card.guildId, messageId: card.messageId });
    await recordJoinAnswer(store.db, { battleId: card.battleId, facts: joined, now: testNow });
    const forget = {
      guildId: card.guildId,
      threadId: card.messageId,
      error: "403 Missing Permissions",
      now: testNow,
    };
    expect(await forgetThread(store.db, forget)).toBe(true);
    expect(await forgetThread(store.db, forget)).toBe(false);
    expect((await findBattleCard(store.db, card))?.threadId).toBeNull();
    const byAction = new Map((await listRows(store.db)).map((row) => [row.action, row.status]));
    expect(byAction.get("thread-post")).toBe("dead");
    expect(byAction.get("edit")).toBe("pending");
    expect(byAction.get("start-thread")).toBe("pending");
  });

  it("moves a forgotten thread's routed posts to its channel, but for an event the channel has already", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    const route = async (kind: "battle.started" | "battle.submission") =>
      (
        await createSubscription(store.db, {
          guildId: card.guildId,
          channelId: card.channelId,
          eventKinds: [kind],
          filters: {},
          createdBy: card.createdBy,
          now: testNow,
        })
      ).id;
    const [active, removed] = [await route("battle.started"), await route("battle.submission")];
    const events = ["evt_started", "evt_result", "evt_notice", "evt_unrouted"];
    for (const eventId of events) {
      await insertInboxEvent(store.db, {
        eventId,
        kind: "battle.started",
        source: "operator",
        status: "accepted",
        payload: {},
        receivedAt: testNow,
      });
    }
    const row = { source: "operator", guildId: card.guildId, channelId: card.channelId, now: testNow };
    const inThread = { ...row, action: "thread-post" as const, targetMessageId: card.messageId };
    await enqueueOutboxRows(store.db, [
      // A start the channel's route would post there, a result it already has, a notice only for the thread,
      // and an update whose route was removed since.
      { ...inThread, eventId: "evt_started", subscriptionId: active },
      { ...inThread, eventId: "evt_result", subscriptionId: active },
      { ...row, eventId: "evt_result", subscriptionId: active, action: "post", targetMessageId: null },
      { ...inThread, eventId: "evt_notice", subscriptionId: null },
      { ...inThread, eventId: "evt_unrouted", subscriptionId: removed },
    ]);
    await deleteSubscription(store.db, { guildId: card.guildId, id: removed });

    const later = testNow + 5000;
    const forget = { guildId: card.guildId, threadId: card.messageId, error: "404 Unknown Channel" };
    expect(await forgetThread(store.db, { ...forget, now: later })).toBe(true);

    const rows = await store.db
      .selectFrom("outbox")
      .select(["event_id", "action", "status", "subscription_id", "next_attempt_at"])
      .where("action", "in", ["post", "thread-post"])
      .orderBy("event_id")
      .orderBy("action")
      .execute();
    const described = rows.map((each) => ({ ...each, subscription_id: each.subscription_id === active }));
    expect(described).toEqual([
      { ...moved("evt_notice", "thread-post", "dead"), subscription_id: false },
      moved("evt_result", "post", "pending"),
      moved("evt_result", "thread-post", "dead"),
      moved("evt_started", "post", "pending", later),
      moved("evt_started", "thread-post", "dead"),
      { ...moved("evt_unrouted", "thread-post", "dead"), subscription_id: false },
    ]);
  });

  /** A row as listed above; `subscription_id` says whether it names the active route. */
  function moved(eventId: string, action: string, status: string, due = testNow) {
    return { event_id: eventId, action, status, subscription_id: true, next_attempt_at: due };
  }

  const post = { guildId: card.guildId, channelId: card.channelId, tournamentId: "trn_42", title: "Sprint" };

  it("starts one thread per tournament and channel, from its first post, and finds it once started", async () => {
    expect(
      await startTournamentThread(store.db, { ...post, messageId: "500000000000000001", now: testNow }),
    ).toBe(true);
    expect(
      await startTournamentThread(store.db, { ...post, messageId: "500000000000000002", now: testNow + 1 }),
    ).toBe(false);
    const starts = await listRows(store.db);
    expect(starts.map((row) => [row.source, row.action, row.target_message_id])).toEqual([
      [messageThreadSource, "start-thread", "500000000000000001"],
    ]);
    const start = await findThreadStart(store.db, { ...post, eventId: starts[0]?.event_id ?? "" });
    expect(start).toEqual({
      subject: { kind: "tournament", id: "trn_42", title: "Sprint" },
      messageId: "500000000000000001",
    });
    expect(await findTournamentThread(store.db, post)).toBeUndefined();
    await recordThreadStarted(store.db, { guildId: post.guildId, messageId: "500000000000000001" });
    expect(await findTournamentThread(store.db, post)).toBe("500000000000000001");
    expect(
      await findTournamentThread(store.db, { ...post, channelId: "300000000000000002" }),
    ).toBeUndefined();
  });

  it("starts no tournament thread where the channel's route keeps updates in the channel", async () => {
    await createSubscription(store.db, {
      guildId: card.guildId,
      channelId: card.channelId,
      eventKinds: ["system.tournament_started"],
      filters: { battleUpdates: "channel" },
      createdBy: card.createdBy,
      now: testNow,
    });
    expect(
      await startTournamentThread(store.db, { ...post, messageId: "500000000000000001", now: testNow }),
    ).toBe(false);
    expect(await listRows(store.db)).toEqual([]);
  });
});
