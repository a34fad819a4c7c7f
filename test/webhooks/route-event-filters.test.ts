// A subscription's filters when routing (docs/architecture.md, "Routing"): difficulty, tournament id, minimum
// rating change and linked members only, a filter on a notion the kind lacks ignored, and rating changes
// posted only where the player is linked.
import { describe, expect, it } from "vitest";
import { routeEvent } from "../../src/webhooks/route-event.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { ratingChangedData, standardEvent, tournamentStartedData } from "./support/payloads.js";
import { battleCompleted, describeTargets, everywhere, known } from "./support/routing-events.js";
import { channelOf, guildA, guildB, guildC, linkMember, subscribe } from "./support/seed.js";

describe.each(testDatabases())("routing filters on $name", (database) => {
  const store = useMigratedStore(database);
  const box = createTestSecretBox();

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

  it("posts the weekly digest under linked members only, whoever tops the platform's leaderboard", async () => {
    // The digest is the server's week among its linked members (docs/architecture.md, "The weekly digest"):
    // the platform's top players, linked here or not, do not decide whether the server gets it.
    await subscribe(store.db, {
      guildId: guildA,
      channelId: channelOf(guildA, 1),
      kinds: ["battle.completed", "system.leaderboard_updated"],
      filters: { linkedOnly: true },
    });
    await linkMember(store.db, box, {
      guildId: guildA,
      userId: "400000000000000001",
      platformUserId: "usr_ada",
    });
    const refresh = known(
      standardEvent({
        event: "system.leaderboard_updated",
        data: { object: "leaderboard", id: "global", top: [{ rank: 1, user_id: "usr_zed", rating: 2900 }] },
      }),
    );
    expect(describeTargets(await routeEvent(store.db, refresh, everywhere))).toEqual([
      `post ${channelOf(guildA, 1)}`,
    ]);
    // The filter still holds back a battle none of the server's members played.
    const strangers = [{ user_id: "usr_zed", username: "zed", rank: 1 }];
    expect(
      await routeEvent(store.db, battleCompleted({ participants: strangers, winner: "usr_zed" }), everywhere),
    ).toEqual([]);
  });
});
