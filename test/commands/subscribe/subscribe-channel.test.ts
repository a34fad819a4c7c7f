import { describe, expect, it } from "vitest";
import { subscribeChannel } from "../../../src/commands/subscribe/subscribe-channel.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { listGuildSubscriptions, setSubscriptionStatus } from "../../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";

const guildId = "100000000000000001";
const channelId = "300000000000000001";
const request = { guildId, channelId, memberId: "200000000000000001", now: 1_700_000_000_000 };

describe.each(testDatabases())("subscribeChannel on $name", (database) => {
  const store = useMigratedStore(database);

  it("creates a route with the default kinds when none are named", async () => {
    const outcome = await subscribeChannel(store.db, { ...request, kinds: undefined, filters: {} });
    expect(outcome.change).toBe("created");
    expect(outcome.subscription.eventKinds).toEqual([
      "battle.completed",
      "user.rating_changed",
      "system.tournament_started",
    ]);
  });

  it("adds kinds to the channel's route instead of making a second one, keeping its filters", async () => {
    await subscribeChannel(store.db, {
      ...request,
      kinds: ["battle.completed"],
      filters: { difficulty: "hard" },
    });
    const outcome = await subscribeChannel(store.db, {
      ...request,
      kinds: ["team.created", "battle.completed"],
      filters: { linkedOnly: true },
    });
    expect(outcome.change).toBe("updated");
    expect(outcome.addedKinds).toEqual(["team.created"]);
    expect(outcome.subscription.eventKinds).toEqual(["battle.completed", "team.created"]);
    expect(outcome.subscription.filters).toEqual({ difficulty: "hard", linkedOnly: true });
    expect(await listGuildSubscriptions(store.db, guildId)).toHaveLength(1);
  });

  it("says nothing changed when the route already has everything asked for", async () => {
    await subscribeChannel(store.db, { ...request, kinds: ["battle.completed"], filters: {} });
    const outcome = await subscribeChannel(store.db, {
      ...request,
      kinds: ["battle.completed"],
      filters: {},
    });
    expect(outcome.change).toBe("unchanged");
    expect(outcome.addedKinds).toEqual([]);
  });

  it("resumes a paused route and reports why it was paused", async () => {
    const created = await subscribeChannel(store.db, { ...request, kinds: undefined, filters: {} });
    await setSubscriptionStatus(store.db, {
      id: created.subscription.id,
      status: "paused",
      reason: "403 Missing Access",
      now: request.now,
    });
    const outcome = await subscribeChannel(store.db, { ...request, kinds: undefined, filters: {} });
    expect(outcome.change).toBe("updated");
    expect(outcome.resumedFrom).toEqual({ status: "paused", statusReason: "403 Missing Access" });
    expect(outcome.subscription).toMatchObject({ status: "active", statusReason: null });
  });

  it("makes one route when two /subscribe runs on a channel with none overlap, the second changing the first's", async () => {
    // Both runs look for the channel's route before either makes one.
    const outcomes = await Promise.all([
      subscribeChannel(store.db, { ...request, kinds: ["battle.completed"], filters: {} }),
      subscribeChannel(store.db, {
        ...request,
        kinds: ["user.rating_changed"],
        filters: { minRatingChange: 10 },
      }),
    ]);

    const routes = await listGuildSubscriptions(store.db, guildId);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      eventKinds: ["battle.completed", "user.rating_changed"],
      filters: { minRatingChange: 10 },
    });
    expect(outcomes.map((outcome) => outcome.change).sort()).toEqual(["created", "updated"]);
  });

  it("keeps both runs' kinds when two /subscribe runs change a channel's route at once", async () => {
    await subscribeChannel(store.db, { ...request, kinds: ["battle.completed"], filters: {} });
    // Both runs read the route before either writes: the later write must not undo the earlier one's kind.
    const outcomes = await Promise.all([
      subscribeChannel(store.db, { ...request, kinds: ["user.rating_changed"], filters: {} }),
      subscribeChannel(store.db, { ...request, kinds: ["system.tournament_started"], filters: {} }),
    ]);

    const routes = await listGuildSubscriptions(store.db, guildId);
    expect(routes).toHaveLength(1);
    expect([...(routes[0]?.eventKinds ?? [])].sort()).toEqual(
      ["battle.completed", "system.tournament_started", "user.rating_changed"].sort(),
    );
    expect(outcomes.map((outcome) => outcome.addedKinds)).toEqual([
      ["user.rating_changed"],
      ["system.tournament_started"],
    ]);
  });

  it("refuses a filter none of a new route's kinds has anything for, making no route", async () => {
    const error = await subscribeChannel(store.db, {
      ...request,
      kinds: ["user.rating_changed"],
      filters: { difficulty: "hard" },
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({
      code: "filter_of_nothing",
      message:
        `A difficulty filter would filter nothing in <#${channelId}>: none of the kinds it would receive ` +
        "(**Rating changes**) has a difficulty. It applies to Battles created, Battles started, Battle results, " +
        "Battle submissions, Team battle results, Tournament starts: add one with `events`, or leave the filter " +
        "out. Nothing was changed.",
    });
    expect(await listGuildSubscriptions(store.db, guildId)).toEqual([]);
  });

  it("refuses such a filter on an existing route, changing nothing, and takes it with a kind that has it", async () => {
    await subscribeChannel(store.db, { ...request, kinds: ["team.created"], filters: {} });
    const before = await listGuildSubscriptions(store.db, guildId);
    await expect(
      subscribeChannel(store.db, { ...request, kinds: undefined, filters: { minRatingChange: 20 } }),
    ).rejects.toMatchObject({ code: "filter_of_nothing" });
    await expect(
      subscribeChannel(store.db, {
        ...request,
        kinds: ["battle.completed"],
        filters: { minRatingChange: 20 },
      }),
    ).rejects.toMatchObject({ code: "filter_of_nothing" });
    expect(await listGuildSubscriptions(store.db, guildId)).toEqual(before);

    const outcome = await subscribeChannel(store.db, {
      ...request,
      kinds: ["user.rating_changed"],
      filters: { minRatingChange: 20, linkedOnly: true },
    });
    expect(outcome.subscription).toMatchObject({
      eventKinds: ["user.rating_changed", "team.created"],
      filters: { minRatingChange: 20, linkedOnly: true },
    });
  });
});
