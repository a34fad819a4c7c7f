// The migration that keeps one route per channel (migrations/2027-01-01T0000_one_route_per_channel.ts): the
// routes two /subscribe runs at once made for a channel are merged into the oldest, the outbox rows of the
// others handed to it, and a unique index then refuses a second route.
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import {
  createChannelRoute,
  createSubscription,
  listGuildSubscriptions,
} from "../../src/store/subscriptions.js";
import { testDatabases } from "./databases.js";
import { migratorOf } from "./test-migrator.js";

const before = "2026-12-31T0200_tier_role_drops";

describe.each(testDatabases())("the one route per channel migration on $name", (database) => {
  it("merges a channel's routes into its oldest, repoints their outbox rows, then refuses a second", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const migrator = await migratorOf(store);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      // c1 has three routes (r1 oldest, paused; r2 active, in channel mode; r3 disabled); c2 one, in g1 and g2.
      await sql`insert into subscriptions (id, guild_id, channel_id, event_kinds, filters, status, status_reason, created_by, created_at, updated_at)
        values
          ('r3', 'g1', 'c1', '["team.created","battle.completed"]', '{}', 'disabled', 'channel deleted', 'u3', 30, 30),
          ('r1', 'g1', 'c1', '["battle.completed"]', '{"difficulty":"hard"}', 'paused', '403 Missing Access', 'u1', 10, 12),
          ('r2', 'g1', 'c1', '["user.rating_changed"]', '{"linkedOnly":true,"battleUpdates":"channel"}', 'active', null, 'u2', 20, 40),
          ('r4', 'g1', 'c2', '["battle.completed"]', '{}', 'paused', 'no access', 'u1', 5, 5),
          ('r5', 'g2', 'c1', '["battle.completed"]', '{}', 'active', null, 'u1', 50, 50)`.execute(store.db);
      await sql`insert into inbox_events (source, event_id, kind, status, payload, received_at)
        values ('operator', 'e1', 'user.rating_changed', 'done', '{}', 1)`.execute(store.db);
      await sql`insert into outbox (id, source, event_id, guild_id, channel_id, subscription_id, action, next_attempt_at, created_at)
        values
          ('o1', 'operator', 'e1', 'g1', 'c1', 'r2', 'thread-post', 1, 1),
          ('o2', 'operator', 'e1', 'g1', 'c1', 'r1', 'post', 1, 1),
          ('o3', 'operator', 'e1', 'g2', 'c1', 'r5', 'edit', 1, 1)`.execute(store.db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      expect(await listGuildSubscriptions(store.db, "g1")).toEqual([
        expect.objectContaining({
          id: "r4",
          channelId: "c2",
          eventKinds: ["battle.completed"],
          status: "paused",
          statusReason: "no access",
        }),
        expect.objectContaining({
          id: "r1",
          channelId: "c1",
          eventKinds: ["battle.completed", "user.rating_changed", "team.created"],
          filters: { difficulty: "hard", battleUpdates: "channel" },
          status: "active",
          statusReason: null,
          createdBy: "u1",
          createdAt: 10,
          updatedAt: 40,
        }),
      ]);
      expect((await listGuildSubscriptions(store.db, "g2")).map((route) => route.id)).toEqual(["r5"]);
      const outbox = await store.db
        .selectFrom("outbox")
        .select(["id", "subscription_id"])
        .orderBy("id")
        .execute();
      expect(outbox).toEqual([
        { id: "o1", subscription_id: "r1" },
        { id: "o2", subscription_id: "r1" },
        { id: "o3", subscription_id: "r5" },
      ]);

      const second = { guildId: "g1", channelId: "c1", filters: {}, createdBy: "u9", now: 60 } as const;
      expect(await createChannelRoute(store.db, { ...second, eventKinds: ["team.created"] })).toBeUndefined();
      await expect(
        createSubscription(store.db, { ...second, eventKinds: ["team.created"] }),
      ).rejects.toThrow();
      expect(await listGuildSubscriptions(store.db, "g1")).toHaveLength(2);
    } finally {
      await store.close();
      await empty.dispose();
    }
  });

  it("keeps the oldest route's status and reason when none of the channel's routes is active", async () => {
    const empty = await database.createEmpty();
    const store = await createDb(empty.url);
    try {
      const migrator = await migratorOf(store);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await sql`insert into subscriptions (id, guild_id, channel_id, event_kinds, filters, status, status_reason, created_by, created_at, updated_at)
        values
          ('r1', 'g1', 'c1', '["battle.completed"]', '{}', 'paused', '403 Missing Access', 'u1', 10, 10),
          ('r2', 'g1', 'c1', '["battle.completed"]', '{"battleUpdates":"channel"}', 'disabled', 'channel deleted', 'u2', 20, 20)`.execute(
        store.db,
      );

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      expect(await listGuildSubscriptions(store.db, "g1")).toEqual([
        expect.objectContaining({
          id: "r1",
          eventKinds: ["battle.completed"],
          filters: { battleUpdates: "channel" },
          status: "paused",
          statusReason: "403 Missing Access",
        }),
      ]);
    } finally {
      await store.close();
      await empty.dispose();
    }
  });
});
