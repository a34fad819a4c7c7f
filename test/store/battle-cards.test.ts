import { describe, expect, it } from "vitest";
import {
  deleteBattleCard,
  findBattleCard,
  listAnnouncedBattles,
  listBattleCards,
  saveBattleCard,
} from "../../src/store/battle-cards.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import { enqueueOutbox } from "../../src/store/outbox.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

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

  it("leaves out, when asked for open battles only, a battle whose result reached its card here", async () => {
    const edit = async (battleId: string, messageId: string, eventId: string, kind: string) => {
      await insertInboxEvent(store.db, {
        eventId,
        kind,
        source: "operator",
        status: "accepted",
        payload: {},
        receivedAt: testNow,
      });
      await enqueueOutbox(store.db, {
        source: "operator",
        eventId,
        guildId: card.guildId,
        channelId: card.channelId,
        subscriptionId: null,
        action: "edit",
        targetMessageId: messageId,
        now: testNow,
      });
      return battleId;
    };
    await saveBattleCard(store.db, { ...card, now: testNow });
    await saveBattleCard(store.db, { ...card, battleId: "battle-8", messageId: "4008", now: testNow + 1 });
    await saveBattleCard(store.db, { ...card, battleId: "battle-9", messageId: "4009", now: testNow + 2 });
    await edit("battle-7", card.messageId, "evt_started", "battle.started");
    await edit("battle-8", "4008", "evt_result", "battle.completed");
    await edit("battle-9", "4009", "evt_team_result", "team.battle_completed");

    const ids = async (openOnly: boolean) =>
      (await listAnnouncedBattles(store.db, card.guildId, 10, { openOnly })).map(({ battleId }) => battleId);
    expect(await ids(true)).toEqual(["battle-7"]);
    expect(await ids(false)).toEqual(["battle-9", "battle-8", "battle-7"]);
  });
});
