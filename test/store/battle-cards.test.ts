import { describe, expect, it } from "vitest";
import { eventStoredSubscribers } from "../../src/bot/event-stored-subscribers.js";
import { ManualClock } from "../../src/clock.js";
import {
  deleteBattleCard,
  findBattleCard,
  listAnnouncedBattles,
  listBattleCards,
  saveBattleCard,
} from "../../src/store/battle-cards.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { defaultRetentionPolicy, pruneDelivered } from "../../src/outbox/prune-delivered.js";
import type { EventSource } from "../../src/webhooks/event-source.js";
import { ingestEvent } from "../../src/webhooks/ingest-event.js";
import { battleCompletedData, standardEvent } from "../webhooks/support/payloads.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const day = 24 * 60 * 60 * 1000;
/** When each event below happened: as it is received, so none is held as from the future. */
const created = new Date(testNow).toISOString();

function startedData(battleId: string): Record<string, unknown> {
  const { winner: _winner, completed_at: _completed, ...started } = battleCompletedData({ id: battleId });
  return started;
}

const card = {
  battleId: "battle-7",
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  messageId: "400000000000000001",
  createdBy: "200000000000000001",
};

describe.each(testDatabases())("battle cards on $name", (database) => {
  const store = useMigratedStore(database);

  it("saves a card and finds it by battle and guild", async () => {
    const saved = await saveBattleCard(store.db, { ...card, now: testNow });
    expect(saved).toEqual({ ...card, createdAt: testNow, updatedAt: testNow, threadId: null });
    expect(await findBattleCard(store.db, card)).toEqual(saved);
    expect(await findBattleCard(store.db, { battleId: "battle-7", guildId: "other" })).toBeUndefined();
  });

  it("moves the card to the newest message when announced again in the same guild", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    const moved = await saveBattleCard(store.db, {
      ...card,
      channelId: "3002",
      messageId: "4002",
      now: testNow + 1,
    });
    expect(moved).toMatchObject({
      channelId: "3002",
      messageId: "4002",
      createdAt: testNow,
      updatedAt: testNow + 1,
    });
    expect(await listBattleCards(store.db, "battle-7")).toHaveLength(1);
  });

  it("lists the battle's cards in every guild", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    await saveBattleCard(store.db, { ...card, guildId: "100000000000000002", now: testNow });
    await saveBattleCard(store.db, { ...card, battleId: "battle-8", now: testNow });
    const guilds = (await listBattleCards(store.db, "battle-7")).map((found) => found.guildId);
    expect(guilds).toEqual(["100000000000000001", "100000000000000002"]);
  });

  it("deletes a card", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    expect(await deleteBattleCard(store.db, card)).toBe(true);
    expect(await deleteBattleCard(store.db, card)).toBe(false);
    expect(await findBattleCard(store.db, card)).toBeUndefined();
  });

  it("lists a guild's announced battles, newest first, with the creator's linked name", async () => {
    await saveMemberLink(store.db, createTestSecretBox(), {
      guildId: card.guildId,
      userId: card.createdBy,
      platformUserId: "u-alice",
      platformUsername: "alice",
      credentialKind: "api_key",
      credential: { accessToken: "key" },
      now: testNow,
    });
    await saveBattleCard(store.db, { ...card, now: testNow });
    await saveBattleCard(store.db, {
      ...card,
      battleId: "battle-8",
      createdBy: "200000000000000009",
      now: testNow + 1,
    });
    await saveBattleCard(store.db, {
      ...card,
      battleId: "battle-9",
      guildId: "100000000000000002",
      now: testNow,
    });
    expect(await listAnnouncedBattles(store.db, card.guildId, 10)).toEqual([
      { battleId: "battle-8", createdAt: testNow + 1, creatorName: undefined },
      { battleId: "battle-7", createdAt: testNow, creatorName: "alice" },
    ]);
    expect(await listAnnouncedBattles(store.db, card.guildId, 1)).toHaveLength(1);
  });

  /** Stores the event as the receiver does, its outbox rows then delivered (as the worker marks them). */
  const ingest = async (body: string, source: EventSource = { type: "operator" }) => {
    const result = await ingestEvent(
      { db: store.db, clock: new ManualClock(testNow), subscribers: eventStoredSubscribers },
      { rawBody: Buffer.from(body, "utf8"), source },
    );
    expect(result.status).toBe("accepted");
    await store.db.updateTable("outbox").set({ status: "delivered", delivered_at: testNow }).execute();
  };
  const openIds = async (guildId = card.guildId) =>
    (await listAnnouncedBattles(store.db, guildId, 10, { openOnly: true })).map(({ battleId }) => battleId);

  it("leaves out, when asked for open battles only, a battle whose result was stored", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    await saveBattleCard(store.db, { ...card, battleId: "battle-8", messageId: "4008", now: testNow + 1 });
    await saveBattleCard(store.db, { ...card, battleId: "battle-9", messageId: "4009", now: testNow + 2 });
    await ingest(standardEvent({ created, event: "battle.started", data: startedData("battle-7") }));
    await ingest(
      standardEvent({ created, event: "battle.completed", data: battleCompletedData({ id: "battle-8" }) }),
    );
    const teams = [
      { team_id: "team_red", rank: 1, members: ["usr_a"] },
      { team_id: "team_blue", rank: 2, members: ["usr_b"] },
    ];
    await ingest(
      standardEvent({
        created,
        event: "team.battle_completed",
        data: { id: "battle-9", teams, winner_team_id: "team_red" },
      }),
    );

    expect(await openIds()).toEqual(["battle-7"]);
    const all = await listAnnouncedBattles(store.db, card.guildId, 10);
    expect(all.map(({ battleId }) => battleId)).toEqual(["battle-9", "battle-8", "battle-7"]);
  });

  it("keeps a finished battle out once its result's rows are pruned, and after it is announced again", async () => {
    await saveBattleCard(store.db, { ...card, now: testNow });
    await ingest(
      standardEvent({ created, event: "battle.completed", data: battleCompletedData({ id: card.battleId }) }),
    );
    const pruned = await pruneDelivered(store.db, { ...defaultRetentionPolicy, now: testNow + 8 * day });
    expect(pruned.inboxEvents).toBe(1);
    await saveBattleCard(store.db, { ...card, messageId: "4010", now: testNow + 8 * day });
    expect(await openIds()).toEqual([]);
  });

  it("ends a battle only in the server whose endpoint told its result, and never for a test delivery", async () => {
    const otherGuild = "100000000000000002";
    await saveBattleCard(store.db, { ...card, now: testNow });
    await saveBattleCard(store.db, { ...card, guildId: otherGuild, now: testNow });
    const endpoint: EventSource = {
      type: "endpoint",
      endpointId: "endpointOfGuild2000000",
      guildId: otherGuild,
    };
    const resultOf = (test: boolean) =>
      standardEvent({
        created,
        event: "battle.completed",
        data: { ...battleCompletedData({ id: card.battleId }), ...(test ? { test } : {}) },
      });
    const test = resultOf(true);
    const result = resultOf(false);
    await ingest(test);
    expect([await openIds(), await openIds(otherGuild)]).toEqual([[card.battleId], [card.battleId]]);
    await ingest(result, endpoint);
    expect([await openIds(), await openIds(otherGuild)]).toEqual([[card.battleId], []]);
  });
});
