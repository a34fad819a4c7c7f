import { describe, expect, it } from "vitest";
import {
  createChannelRoute,
  createSubscription,
  findChannelRoute,
  deleteSubscription,
  findSubscription,
  listActiveSubscriptionsForKind,
  listGuildSubscriptions,
  setChannelSubscriptionsStatus,
  setSubscriptionStatus,
  updateSubscription,
  type SubscriptionInput,
} from "../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const guildA = "100000000000000001";
const guildB = "100000000000000002";
const guildC = "100000000000000003";

function subscriptionInput(overrides: Partial<SubscriptionInput> = {}): SubscriptionInput {
  return {
    guildId: guildA,
    channelId: "300000000000000001",
    eventKinds: ["battle.completed", "user.rating_changed"],
    filters: { difficulty: "hard", minRatingChange: 15, linkedOnly: true },
    createdBy: "200000000000000009",
    now: testNow,
    ...overrides,
  };
}

describe.each(testDatabases())("subscriptions on $name", (database) => {
  const store = useMigratedStore(database);

  it("creates a subscription and finds it within its guild only", async () => {
    const created = await createSubscription(store.db, subscriptionInput());
    expect(created).toMatchObject({
      guildId: guildA,
      eventKinds: ["battle.completed", "user.rating_changed"],
      filters: { difficulty: "hard", minRatingChange: 15, linkedOnly: true },
      status: "active",
      statusReason: null,
      createdBy: "200000000000000009",
      createdAt: testNow,
    });
    expect(await findSubscription(store.db, { guildId: guildA, id: created.id })).toEqual(created);
    expect(await findSubscription(store.db, { guildId: guildB, id: created.id })).toBeUndefined();
  });

  it("lists a guild's subscriptions oldest first", async () => {
    const first = await createSubscription(store.db, subscriptionInput());
    const second = await createSubscription(
      store.db,
      subscriptionInput({ channelId: "3", now: testNow + 1 }),
    );
    await createSubscription(store.db, subscriptionInput({ guildId: guildB }));
    const ids = (await listGuildSubscriptions(store.db, guildA)).map((subscription) => subscription.id);
    expect(ids).toEqual([first.id, second.id]);
  });

  it("finds the active subscriptions for a kind, in all guilds or one", async () => {
    const ratings = await createSubscription(
      store.db,
      subscriptionInput({ eventKinds: ["user.rating_changed"] }),
    );
    const tournaments = await createSubscription(
      store.db,
      subscriptionInput({
        guildId: guildB,
        eventKinds: ["system.tournament_started", "battle.completed"],
        filters: {},
      }),
    );
    const paused = await createSubscription(
      store.db,
      subscriptionInput({ channelId: "300000000000000002", eventKinds: ["battle.completed"] }),
    );
    await setSubscriptionStatus(store.db, {
      id: paused.id,
      status: "paused",
      reason: "Missing Access",
      now: testNow,
    });

    const completed = await listActiveSubscriptionsForKind(store.db, { kind: "battle.completed" });
    expect(completed.map((subscription) => subscription.id)).toEqual([tournaments.id]);
    const started = await listActiveSubscriptionsForKind(store.db, {
      kind: "system.tournament_started",
      guildId: guildA,
    });
    expect(started).toEqual([]);
    const changed = await listActiveSubscriptionsForKind(store.db, {
      kind: "user.rating_changed",
      guildId: guildA,
    });
    expect(changed.map((subscription) => subscription.id)).toEqual([ratings.id]);
  });

  it("updates the kinds and filters of a subscription in its guild", async () => {
    const created = await createSubscription(store.db, subscriptionInput());
    const changes = {
      eventKinds: ["team.created" as const],
      filters: { tournamentId: "t-1" },
      now: testNow + 5,
    };
    expect(
      await updateSubscription(store.db, { guildId: guildB, id: created.id, ...changes }),
    ).toBeUndefined();
    const updated = await updateSubscription(store.db, { guildId: guildA, id: created.id, ...changes });
    expect(updated).toMatchObject({
      eventKinds: ["team.created"],
      filters: { tournamentId: "t-1" },
      updatedAt: testNow + 5,
    });
  });

  it("pauses, disables and reactivates subscriptions, one or a whole channel", async () => {
    // A channel has one route per guild (a unique index), so its several routes are in several guilds.
    const one = await createSubscription(store.db, subscriptionInput());
    const two = await createSubscription(store.db, subscriptionInput({ guildId: guildB }));
    const gone = await createSubscription(store.db, subscriptionInput({ guildId: guildC }));
    const elsewhere = await createSubscription(
      store.db,
      subscriptionInput({ channelId: "300000000000000002" }),
    );
    await setSubscriptionStatus(store.db, {
      id: gone.id,
      status: "disabled",
      reason: "Unknown Channel",
      now: testNow,
    });

    const paused = await setChannelSubscriptionsStatus(store.db, {
      channelId: "300000000000000001",
      status: "paused",
      reason: "Missing Permissions",
      now: testNow + 1,
    });
    expect(paused).toBe(2);
    const statuses = [
      ...(await listGuildSubscriptions(store.db, guildA)),
      ...(await listGuildSubscriptions(store.db, guildB)),
      ...(await listGuildSubscriptions(store.db, guildC)),
    ];
    expect(Object.fromEntries(statuses.map((s) => [s.id, [s.status, s.statusReason]]))).toEqual({
      [one.id]: ["paused", "Missing Permissions"],
      [two.id]: ["paused", "Missing Permissions"],
      [gone.id]: ["disabled", "Unknown Channel"],
      [elsewhere.id]: ["active", null],
    });
    expect(
      await setSubscriptionStatus(store.db, { id: one.id, status: "active", reason: null, now: testNow + 2 }),
    ).toBe(true);
    expect((await findSubscription(store.db, { guildId: guildA, id: one.id }))?.status).toBe("active");
  });

  it("deletes a subscription only from its own guild", async () => {
    const created = await createSubscription(store.db, subscriptionInput());
    expect(await deleteSubscription(store.db, { guildId: guildB, id: created.id })).toBe(false);
    expect(await deleteSubscription(store.db, { guildId: guildA, id: created.id })).toBe(true);
    expect(await listGuildSubscriptions(store.db, guildA)).toEqual([]);
  });

  it("makes a channel's route only when the channel has none, in that guild", async () => {
    const first = await createChannelRoute(store.db, subscriptionInput());
    expect(first).toMatchObject({ guildId: guildA, channelId: "300000000000000001" });
    expect(
      await createChannelRoute(
        store.db,
        subscriptionInput({ eventKinds: ["team.created"], now: testNow + 1 }),
      ),
    ).toBeUndefined();
    expect(await listGuildSubscriptions(store.db, guildA)).toEqual([first]);
    expect(await findChannelRoute(store.db, { guildId: guildA, channelId: "300000000000000001" })).toEqual(
      first,
    );
    expect(await createChannelRoute(store.db, subscriptionInput({ guildId: guildB }))).toMatchObject({
      guildId: guildB,
    });
  });
});
