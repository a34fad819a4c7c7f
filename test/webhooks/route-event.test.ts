import { describe, expect, it } from "vitest";
import { clearGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { setSubscriptionStatus } from "../../src/store/subscriptions.js";
import { normaliseEvent } from "../../src/events/normalise-event.js";
import type { KnownPlatformEvent } from "../../src/events/platform-event.js";
import { routeEvent } from "../../src/webhooks/route-event.js";
import type { OutboxTarget } from "../../src/webhooks/select-targets.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import {
  battleCompletedData,
  ratingChangedData,
  standardEvent,
  tournamentStartedData,
} from "./support/payloads.js";
import { channelOf, guildA, guildB, guildC, linkMember, postBattleCard, subscribe } from "./support/seed.js";

function known(body: string): KnownPlatformEvent {
  const result = normaliseEvent(Buffer.from(body));
  if (!result.ok || result.event.kind === undefined) throw new Error("expected a known event");
  return result.event;
}

const battleCompleted = (overrides: Record<string, unknown> = {}) =>
  known(standardEvent({ event: "battle.completed", data: battleCompletedData(overrides) }));

/** Targets as "action guild/channel", sorted, for readable comparisons. */
function describeTargets(targets: readonly OutboxTarget[]): string[] {
  return targets.map((target) => `${target.action} ${target.channelId}`).sort();
}

const everywhere = { guildId: undefined };

describe.each(testDatabases())("routing on $name", (database) => {
  const store = useMigratedStore(database);
  const box = createTestSecretBox();

  it("posts once to every channel subscribed to the kind, however many subscriptions match there", async () => {
    const first = await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
    });
    const second = await subscribe(store.db, {
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
      subscriptionId: expect.toBeOneOf([first, second]),
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

  it("filters by difficulty, ignoring case, and skips a battle of unknown difficulty", async () => {
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
      filters: { difficulty: "Hard" },
    });
    expect(await routeEvent(store.db, battleCompleted({ difficulty: "hard" }), everywhere)).toHaveLength(1);
    expect(
      await routeEvent(store.db, battleCompleted({ difficulty: "easy", problem: null }), everywhere),
    ).toEqual([]);
    expect(
      await routeEvent(store.db, battleCompleted({ difficulty: undefined, problem: undefined }), everywhere),
    ).toEqual([]);
  });

  it("filters battles and tournament starts by tournament id", async () => {
    const filters = { tournamentId: "trn_1" };
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed", "system.tournament_started"],
      filters,
    });
    expect(await routeEvent(store.db, battleCompleted({ tournament_id: "trn_1" }), everywhere)).toHaveLength(
      1,
    );
    expect(await routeEvent(store.db, battleCompleted({ tournament_id: "trn_2" }), everywhere)).toEqual([]);
    expect(await routeEvent(store.db, battleCompleted(), everywhere)).toEqual([]);
    const started = (id: string) =>
      known(standardEvent({ event: "system.tournament_started", data: tournamentStartedData({ id }) }));
    expect(await routeEvent(store.db, started("trn_1"), everywhere)).toHaveLength(1);
    expect(await routeEvent(store.db, started("trn_2"), everywhere)).toEqual([]);
  });

  it("lets a tournament's rating changes through its tournament filter, and no others", async () => {
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["user.rating_changed"],
      filters: { tournamentId: "trn_1" },
    });
    await linkMember(store.db, box, {
      guildId: guildA,
      userId: "400000000000000001",
      platformUserId: "usr_ada",
    });
    const change = (extra: Record<string, unknown>) =>
      known(
        standardEvent({
          event: "user.rating_changed",
          data: { ...ratingChangedData("usr_ada", 1500, 1530), ...extra },
        }),
      );
    expect(await routeEvent(store.db, change({ tournament_id: "trn_1" }), everywhere)).toHaveLength(1);
    expect(await routeEvent(store.db, change({ tournament: { id: "trn_1" } }), everywhere)).toHaveLength(1);
    expect(await routeEvent(store.db, change({ tournament_id: "trn_2" }), everywhere)).toEqual([]);
    expect(await routeEvent(store.db, change({}), everywhere)).toEqual([]);
  });

  it("ignores a filter on a notion the kind does not have", async () => {
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["system.maintenance_scheduled"],
      filters: { difficulty: "hard", tournamentId: "trn_1", minRatingChange: 50, linkedOnly: true },
    });
    const maintenance = known(
      standardEvent({ event: "system.maintenance_scheduled", data: { id: "mnt_1" } }),
    );
    expect(await routeEvent(store.db, maintenance, everywhere)).toHaveLength(1);
  });

  it("posts rating changes only in guilds where that user is linked, above the minimum change", async () => {
    for (const guildId of [guildA, guildB, guildC]) {
      await subscribe(store.db, {
        guildId,
        channelId: channelOf(guildId, 1),
        kinds: ["user.rating_changed"],
      });
    }
    await subscribe(store.db, {
      guildId: guildB,
      channelId: channelOf(guildB, 2),
      kinds: ["user.rating_changed"],
      filters: { minRatingChange: 25 },
    });
    await linkMember(store.db, box, {
      guildId: guildA,
      userId: "400000000000000001",
      platformUserId: "usr_ada",
    });
    await linkMember(store.db, box, {
      guildId: guildB,
      userId: "400000000000000002",
      platformUserId: "usr_ada",
    });
    await linkMember(store.db, box, {
      guildId: guildC,
      userId: "400000000000000003",
      platformUserId: "usr_bob",
    });

    const loss = known(
      standardEvent({ event: "user.rating_changed", data: ratingChangedData("usr_ada", 1500, 1470) }),
    );
    expect(describeTargets(await routeEvent(store.db, loss, everywhere))).toEqual(
      [`post ${channelOf(guildA, 1)}`, `post ${channelOf(guildB, 1)}`, `post ${channelOf(guildB, 2)}`].sort(),
    );
    const small = known(
      standardEvent({ event: "user.rating_changed", data: ratingChangedData("usr_ada", 1500, 1510) }),
    );
    expect(describeTargets(await routeEvent(store.db, small, everywhere))).toEqual(
      [`post ${channelOf(guildA, 1)}`, `post ${channelOf(guildB, 1)}`].sort(),
    );
  });

  it("posts only events about members linked in the guild when a subscription asks for that", async () => {
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed"],
      filters: { linkedOnly: true },
    });
    await subscribe(store.db, {
      guildId: guildB,
      channelId: channelOf(guildB, 1),
      kinds: ["battle.completed"],
    });
    // bob is linked, but in another guild.
    await linkMember(store.db, box, {
      guildId: guildB,
      userId: "400000000000000002",
      platformUserId: "usr_bob",
    });
    expect(describeTargets(await routeEvent(store.db, battleCompleted(), everywhere))).toEqual([
      `post ${channelOf(guildB, 1)}`,
    ]);
    await linkMember(store.db, box, {
      guildId: guildA,
      userId: "400000000000000001",
      platformUserId: "usr_bob",
    });
    expect(await routeEvent(store.db, battleCompleted(), everywhere)).toHaveLength(2);
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
