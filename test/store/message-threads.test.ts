// A message's thread as the store keeps it (src/store/message-threads.ts): a battle card's start queued with the
// card, recorded once Discord made it, its join notices queued for it; a tournament's started once per channel,
// where its later reminders go. Forgetting a thread: forget-thread.test.ts.
import { describe, expect, it } from "vitest";
import { recordJoinAnswer } from "../../src/store/battle-answers.js";
import { findBattleCard } from "../../src/store/battle-cards.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import {
  findThreadStart,
  findThreadPostsDue,
  findThreadStartDue,
  recordThreadStarted,
  messageThreadSource,
  saveCardStartingThread,
} from "../../src/store/message-threads.js";
import { findTournamentThread, startTournamentThread } from "../../src/store/tournament-threads.js";
import type { Database } from "../../src/store/database.js";
import type { Kysely } from "kysely";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { threadedCard } from "./support/threaded-card.js";

const card = threadedCard;
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

  it("tells a join only on the card once the channel's updates went to the channel after its thread began", async () => {
    await saveCardStartingThread(store.db, { ...card, now: testNow });
    await recordThreadStarted(store.db, { guildId: card.guildId, messageId: card.messageId });
    await createSubscription(store.db, {
      guildId: card.guildId,
      channelId: card.channelId,
      eventKinds: ["battle.completed"],
      filters: { battleUpdates: "channel" },
      createdBy: card.createdBy,
      now: testNow,
    });
    expect(await recordJoinAnswer(store.db, { battleId: card.battleId, facts: joined, now: testNow })).toBe(
      1,
    );
    const rows = (await listRows(store.db)).filter((row) => row.action !== "start-thread");
    expect(rows.map((row) => [row.action, row.target_message_id])).toEqual([["edit", card.messageId]]);
  });

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
