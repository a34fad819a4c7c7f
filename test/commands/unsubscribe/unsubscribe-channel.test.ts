import { describe, expect, it } from "vitest";
import {
  describeUnsubscribeOutcome,
  unsubscribeChannel,
} from "../../../src/commands/unsubscribe/unsubscribe-channel.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import { createSubscription, listGuildSubscriptions } from "../../../src/store/subscriptions.js";
import { testDatabases, useMigratedStore } from "../../store/databases.js";

const guildId = "100000000000000001";
const channelId = "300000000000000001";
const now = 1_700_000_000_000;

describe.each(testDatabases())("unsubscribeChannel on $name", (database) => {
  const store = useMigratedStore(database);
  const subscribe = () =>
    createSubscription(store.db, {
      guildId,
      channelId,
      eventKinds: ["battle.completed", "user.rating_changed"],
      filters: { linkedOnly: true },
      createdBy: "200000000000000001",
      now,
    });

  it("removes some kinds and keeps the route with its filters", async () => {
    await subscribe();
    const outcome = await unsubscribeChannel(store.db, {
      guildId,
      channelId,
      kinds: ["battle.completed"],
      now,
    });
    expect(describeUnsubscribeOutcome(outcome)).toBe(
      "<#300000000000000001> no longer receives **Battle results**.\nIt still receives **Rating changes**.",
    );
    const [route] = await listGuildSubscriptions(store.db, guildId);
    expect(route).toMatchObject({ eventKinds: ["user.rating_changed"], filters: { linkedOnly: true } });
  });

  it("removes the whole route when no kinds are named or none would remain", async () => {
    await subscribe();
    expect(await unsubscribeChannel(store.db, { guildId, channelId, kinds: undefined, now })).toEqual({
      result: "removed",
      channelId,
    });
    await subscribe();
    await unsubscribeChannel(store.db, {
      guildId,
      channelId,
      kinds: ["battle.completed", "user.rating_changed", "team.created"],
      now,
    });
    expect(await listGuildSubscriptions(store.db, guildId)).toEqual([]);
  });

  it("refuses a channel without a route, and kinds the route does not have", async () => {
    await expect(unsubscribeChannel(store.db, { guildId, channelId, kinds: undefined, now })).rejects.toThrow(
      /has no subscription/,
    );
    await subscribe();
    const refusal = unsubscribeChannel(store.db, { guildId, channelId, kinds: ["team.created"], now });
    await expect(refusal).rejects.toBeInstanceOf(UserFacingError);
    await expect(refusal).rejects.toThrow(
      "does not receive Teams created; it receives **Battle results, Rating changes**.",
    );
  });

  it("never touches another guild's route for the same channel id", async () => {
    await subscribe();
    await expect(
      unsubscribeChannel(store.db, { guildId: "100000000000000002", channelId, kinds: undefined, now }),
    ).rejects.toThrow(/has no subscription/);
    expect(await listGuildSubscriptions(store.db, guildId)).toHaveLength(1);
  });
});
