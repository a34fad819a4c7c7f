// Where an event goes (docs/architecture.md, "Routing"): one post per subscribed channel, none for a paused
// subscription, an edit of the battle's card wherever one was posted, and nothing to a server that removed
// the bot or outside the server whose own endpoint received it.
import { describe, expect, it } from "vitest";
import { clearGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { setSubscriptionStatus } from "../../src/store/subscriptions.js";
import { routeEvent } from "../../src/webhooks/route-event.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { standardEvent, tournamentStartedData } from "./support/payloads.js";
import { battleCompleted, describeTargets, everywhere, known } from "./support/routing-events.js";
import { channelOf, guildA, guildB, guildC, postBattleCard, subscribe } from "./support/seed.js";

describe.each(testDatabases())("routing on $name", (database) => {
  const store = useMigratedStore(database);

  it("posts once to every channel subscribed to the kind", async () => {
    const first = await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    await subscribe(store.db, {
      guildId: guildB,
      channelId: channelOf(guildB, 1),
      kinds: ["battle.completed"],
    });
    await subscribe(store.db, {
      guildId: guildB,
      channelId: channelOf(guildB, 2),
      kinds: ["battle.started"],
    });

    const targets = await routeEvent(store.db, battleCompleted(), everywhere);

    expect(describeTargets(targets)).toEqual([
      `post ${channelOf(guildA, 1)}`,
      `post ${channelOf(guildB, 1)}`,
    ]);
    expect(targets.find((target) => target.channelId === channelOf(guildA, 1))).toEqual({
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      subscriptionId: first,
      action: "post",
      targetMessageId: null,
    });
  });

  it("skips paused subscriptions", async () => {
    const paused = await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    await setSubscriptionStatus(store.db, { id: paused, status: "paused", reason: "Missing Access", now: 1 });
    expect(await routeEvent(store.db, battleCompleted(), everywhere)).toEqual([]);
  });

  it("edits the battle's card in every guild that posted one, and posts to subscribed channels too", async () => {
    await postBattleCard(store.db, {
      battleId: "bat_1",
      guildId: guildA,
      channelId: channelOf(guildA, 5),
      messageId: "500000000000000001",
    });
    await postBattleCard(store.db, {
      battleId: "bat_1",
      guildId: guildB,
      channelId: channelOf(guildB, 5),
      messageId: "500000000000000002",
    });
    await postBattleCard(store.db, {
      battleId: "bat_other",
      guildId: guildC,
      channelId: channelOf(guildC, 5),
      messageId: "500000000000000003",
    });
    // The card's own channel is subscribed too: it gets the edit and a result post.
    await subscribe(store.db, {
      guildId: guildB,
      channelId: channelOf(guildB, 5),
      kinds: ["battle.completed"],
    });

    const targets = await routeEvent(store.db, battleCompleted(), everywhere);

    expect(describeTargets(targets)).toEqual(
      [`edit ${channelOf(guildA, 5)}`, `edit ${channelOf(guildB, 5)}`, `post ${channelOf(guildB, 5)}`].sort(),
    );
    expect(targets.find((target) => target.action === "edit" && target.guildId === guildA)).toEqual({
      guildId: guildA,
      channelId: channelOf(guildA, 5),
      subscriptionId: null,
      action: "edit",
      targetMessageId: "500000000000000001",
    });
  });

  it("edits the card for every battle event, submissions included", async () => {
    await postBattleCard(store.db, {
      battleId: "bat_1",
      guildId: guildA,
      channelId: channelOf(guildA, 5),
      messageId: "500000000000000001",
    });
    const submission = known(
      standardEvent({
        event: "battle.submission",
        data: { object: "submission", id: "sub_1", battle_id: "bat_1" },
      }),
    );
    const started = known(
      standardEvent({ event: "battle.started", data: { object: "battle", id: "bat_1" } }),
    );
    for (const event of [submission, started]) {
      expect(describeTargets(await routeEvent(store.db, event, everywhere))).toEqual([
        `edit ${channelOf(guildA, 5)}`,
      ]);
    }
  });

  it("posts a tournament start to every subscribed channel in every guild", async () => {
    for (const guildId of [guildA, guildB, guildC]) {
      await subscribe(store.db, {
        guildId,
        channelId: channelOf(guildId, 1),
        kinds: ["system.tournament_started"],
      });
    }
    const started = known(standardEvent({ event: "tournament.started", data: tournamentStartedData() }));
    expect(await routeEvent(store.db, started, everywhere)).toHaveLength(3);
  });

  it("routes nothing to a guild the bot was removed from, card edits included, until it is back", async () => {
    for (const guildId of [guildA, guildB]) {
      await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
      await postBattleCard(store.db, {
        battleId: "bat_1",
        guildId,
        channelId: channelOf(guildId, 5),
        messageId: `5${guildId.slice(1)}`,
      });
    }
    await recordGuildRemoval(store.db, { guildId: guildA, now: 1 });

    expect(describeTargets(await routeEvent(store.db, battleCompleted(), everywhere))).toEqual([
      `edit ${channelOf(guildB, 5)}`,
      `post ${channelOf(guildB, 1)}`,
    ]);
    expect(await routeEvent(store.db, battleCompleted(), { guildId: guildA })).toEqual([]);

    await clearGuildRemoval(store.db, guildA);
    expect(await routeEvent(store.db, battleCompleted(), everywhere)).toHaveLength(4);
  });

  it("confines an event from a guild's own endpoint to that guild's subscriptions and cards", async () => {
    for (const guildId of [guildA, guildB]) {
      await subscribe(store.db, { guildId, channelId: channelOf(guildId, 1), kinds: ["battle.completed"] });
      await postBattleCard(store.db, {
        battleId: "bat_1",
        guildId,
        channelId: channelOf(guildId, 5),
        messageId: `5${guildId.slice(1)}`,
      });
    }
    const targets = await routeEvent(store.db, battleCompleted(), { guildId: guildB });
    expect(describeTargets(targets)).toEqual([
      `edit ${channelOf(guildB, 5)}`,
      `post ${channelOf(guildB, 1)}`,
    ]);
    expect(targets.every((target) => target.guildId === guildB)).toBe(true);
  });
});
