import { describe, expect, it } from "vitest";
import {
  battleAnswerSource,
  listBattleAnswers,
  pruneUncardedAnswers,
  recordCreateAnswer,
  recordJoinAnswer,
} from "../../src/store/battle-answers.js";
import { listCardMessageEvents } from "../../src/store/battle-card-events.js";
import { deleteBattleCard, saveBattleCard } from "../../src/store/battle-cards.js";
import { recordGuildRemoval } from "../../src/store/guild-removals.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const battleId = "bat_joined";
const card = {
  battleId,
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  messageId: "400000000000000001",
  createdBy: "200000000000000001",
};
const joined = { status: "active", participants: [{ id: "usr_ada", username: "ada" }] };

describe.each(testDatabases())("battle answers on $name", (database) => {
  const store = useMigratedStore(database);

  it("keeps nothing and queues nothing for a join of a battle with no card", async () => {
    const queued = await recordJoinAnswer(store.db, { battleId, facts: joined, now: testNow });
    expect(queued).toBe(0);
    expect(await listBattleAnswers(store.db, battleId)).toEqual([]);
  });

  it("queues an edit of each guild's card for a join, and reads the answers back oldest first", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    const elsewhere = {
      ...card,
      guildId: "100000000000000002",
      channelId: "300000000000000002",
      messageId: "400000000000000002",
    };
    await saveBattleCard(store.db, { ...elsewhere, now: testNow });
    const created = { status: "waiting", language: "cpp", maxParticipants: 2, participants: [] };
    await recordCreateAnswer(store.db, { battleId, facts: created, now: testNow });
    const queued = await recordJoinAnswer(store.db, { battleId, facts: joined, now: testNow + 1 });

    expect(queued).toBe(2);
    const edits = await store.db
      .selectFrom("outbox")
      .select(["source", "channel_id", "target_message_id", "action"])
      .orderBy("channel_id")
      .execute();
    const edit = { source: battleAnswerSource, action: "edit" };
    expect(edits).toEqual([
      { ...edit, channel_id: card.channelId, target_message_id: card.messageId },
      { ...edit, channel_id: elsewhere.channelId, target_message_id: elsewhere.messageId },
    ]);
    const answers = await listBattleAnswers(store.db, battleId);
    expect(answers).toMatchObject([
      { ...created, battleId, receivedAt: testNow },
      { ...joined, battleId, receivedAt: testNow + 1 },
    ]);
    // A join's edit names no platform event, so the card's event history does not read it as one.
    expect(await listCardMessageEvents(store.db, { ...card, limit: 10 })).toEqual([]);
  });

  it("queues no card edit in a server the bot was removed from", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    await recordGuildRemoval(store.db, { guildId: card.guildId, now: testNow });
    const queued = await recordJoinAnswer(store.db, { battleId, facts: joined, now: testNow + 1 });
    expect(queued).toBe(0);
    expect(await store.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("prunes the answers of battles no server shows a card of, once past the cut-off", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    const facts = { status: "waiting", participants: [] };
    await recordCreateAnswer(store.db, { battleId, facts, now: testNow });
    await recordCreateAnswer(store.db, { battleId: "bat_uncarded", facts, now: testNow });
    await recordCreateAnswer(store.db, { battleId: "bat_uncarded_recent", facts, now: testNow + 10 });

    expect(await pruneUncardedAnswers(store.db, testNow + 1)).toBe(1);
    expect(await listBattleAnswers(store.db, battleId)).toHaveLength(1);
    expect(await listBattleAnswers(store.db, "bat_uncarded")).toEqual([]);
    expect(await listBattleAnswers(store.db, "bat_uncarded_recent")).toHaveLength(1);

    // Once its card is deleted, the shown battle's answer goes too.
    await deleteBattleCard(store.db, { battleId, guildId: card.guildId });
    expect(await pruneUncardedAnswers(store.db, testNow + 1)).toBe(1);
    expect(await listBattleAnswers(store.db, battleId)).toEqual([]);
  });
});
