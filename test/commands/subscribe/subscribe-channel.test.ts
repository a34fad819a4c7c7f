import { describe, expect, it } from "vitest";
import { subscribeChannel } from "../../../src/commands/subscribe/subscribe-channel.js";
import {
  createSubscription,
  listGuildSubscriptions,
  setChannelSubscriptionsStatus,
  setSubscriptionStatus,
} from "../../../src/store/subscriptions.js";
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

  it("folds a second route that two /subscribe runs at once made into the first, resumed and filtered", async () => {
    // Both runs found no route and each made one; the channel was then closed to the bot, pausing both.
    const route = (eventKinds: ["battle.completed"] | ["user.rating_changed"], now: number) =>
      createSubscription(store.db, { ...request, eventKinds, filters: {}, createdBy: request.memberId, now });
    await route(["battle.completed"], request.now);
    await route(["user.rating_changed"], request.now + 1);
    await setChannelSubscriptionsStatus(store.db, {
      channelId,
      status: "paused",
      reason: "no access: 403 Missing Access (50001)",
      now: request.now,
    });

    const outcome = await subscribeChannel(store.db, {
      ...request,
      kinds: undefined,
      filters: { difficulty: "hard" },
    });

    const routes = await listGuildSubscriptions(store.db, guildId);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      status: "active",
      eventKinds: ["battle.completed", "user.rating_changed"],
      filters: { difficulty: "hard" },
    });
    expect(outcome).toMatchObject({ change: "updated", addedKinds: [], subscription: routes[0] });
    expect(outcome.resumedFrom?.status).toBe("paused");
  });
});
