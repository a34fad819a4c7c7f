// A server that removed the bot (docs/architecture.md, "When the bot leaves a server"): recorded, its pending
// posts dropped and no more claimed, cleared when the bot is back.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/store/database.js";
import {
  clearGuildRemoval,
  findGuildRemoval,
  listGuildRemovalsBefore,
  listRemovedGuilds,
  listSetUpGuilds,
  recordGuildRemoval,
} from "../../src/store/guild-removals.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import { claimDueOutbox, markOutboxDelivered } from "../../src/store/outbox-lease.js";
import { enqueueOutbox, findOutboxEntry } from "../../src/store/outbox.js";
import { channelOf, guildA, guildB, guildC } from "../webhooks/support/seed.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

/** A pending post of one event into the guild's first channel. */
async function queuePost(db: Kysely<Database>, guildId: string, eventId: string): Promise<string> {
  await insertInboxEvent(db, {
    eventId,
    kind: "battle.completed",
    source: "operator",
    status: "accepted",
    payload: {},
    receivedAt: testNow,
  });
  const id = await enqueueOutbox(db, {
    source: "operator",
    eventId,
    guildId,
    channelId: channelOf(guildId, 1),
    subscriptionId: null,
    action: "post",
    targetMessageId: null,
    now: testNow,
  });
  if (id === undefined) throw new Error("expected a new outbox row");
  return id;
}

const claimAll = (db: Kysely<Database>, now = testNow) =>
  claimDueOutbox(db, { owner: "worker-1", now, leaseMs: 30_000, limit: 100 });

describe.each(testDatabases())("guild removals on $name", (database) => {
  const store = useMigratedStore(database);

  it("lists each guild something was set up in once, and not a guild that only has traffic", async () => {
    expect(await listSetUpGuilds(store.db)).toEqual([]);
    await saveAdminChannel(store.db, { guildId: guildA, adminChannelId: channelOf(guildA, 1), now: testNow });
    for (const [guildId, channel] of [
      [guildA, 1],
      [guildB, 1],
      [guildB, 2],
    ] as const) {
      await createSubscription(store.db, {
        guildId,
        channelId: channelOf(guildId, channel),
        eventKinds: ["battle.completed"],
        filters: {},
        createdBy: "300000000000000001",
        now: testNow,
      });
    }
    await queuePost(store.db, guildC, "evt_traffic_only");
    expect((await listSetUpGuilds(store.db)).sort()).toEqual([guildA, guildB].sort());
  });

  it("records the first removal and keeps its time when GUILD_DELETE comes again", async () => {
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow + 5000 });

    expect(await findGuildRemoval(store.db, guildA)).toEqual({ guildId: guildA, removedAt: testNow });
    expect(await findGuildRemoval(store.db, guildB)).toBeUndefined();
  });

  it("drops the guild's pending posts as delivered with no message, and no other guild's", async () => {
    const removedGuildPost = await queuePost(store.db, guildA, "evt_1");
    const alreadyPosted = await queuePost(store.db, guildA, "evt_2");
    await markOutboxDelivered(store.db, { id: alreadyPosted, postedMessageId: "900000000000000001", now: 1 });
    const otherGuildPost = await queuePost(store.db, guildB, "evt_3");

    expect(await recordGuildRemoval(store.db, { guildId: guildA, now: testNow + 10 })).toEqual({
      droppedPosts: 1,
    });

    expect(await findOutboxEntry(store.db, removedGuildPost)).toMatchObject({
      status: "delivered",
      postedMessageId: null,
      deliveredAt: testNow + 10,
      lastError: "not sent: the bot was removed from the server",
    });
    expect(await findOutboxEntry(store.db, alreadyPosted)).toMatchObject({
      status: "delivered",
      postedMessageId: "900000000000000001",
      deliveredAt: 1,
    });
    expect(await findOutboxEntry(store.db, otherGuildPost)).toMatchObject({ status: "pending" });
  });

  it("claims no post of a removed guild, and claims it again once the bot is back", async () => {
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    // Enqueued after the removal, as a webhook committing in the same instant could.
    const late = await queuePost(store.db, guildA, "evt_1");
    const elsewhere = await queuePost(store.db, guildB, "evt_2");

    expect((await claimAll(store.db)).map((entry) => entry.id)).toEqual([elsewhere]);

    expect(await clearGuildRemoval(store.db, guildA)).toBe(true);
    expect((await claimAll(store.db)).map((entry) => entry.id)).toEqual([late]);
  });

  it("clears a removal once, and says when there was none", async () => {
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });

    expect(await clearGuildRemoval(store.db, guildA)).toBe(true);
    expect(await clearGuildRemoval(store.db, guildA)).toBe(false);
    expect(await clearGuildRemoval(store.db, guildB)).toBe(false);
    expect(await findGuildRemoval(store.db, guildA)).toBeUndefined();
  });

  it("tells which of a list of guilds were removed, and which removals are older than a time", async () => {
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    await recordGuildRemoval(store.db, { guildId: guildC, now: testNow + 1000 });

    expect(await listRemovedGuilds(store.db, [guildA, guildB, guildA])).toEqual(new Set([guildA]));
    expect(await listRemovedGuilds(store.db, [])).toEqual(new Set());
    expect(await listGuildRemovalsBefore(store.db, testNow + 1000)).toEqual([
      { guildId: guildA, removedAt: testNow },
    ]);
    expect(await listGuildRemovalsBefore(store.db, testNow + 1001)).toEqual([
      { guildId: guildA, removedAt: testNow },
      { guildId: guildC, removedAt: testNow + 1000 },
    ]);
  });

  it("finds removed guilds among more ids than one query binds", async () => {
    await recordGuildRemoval(store.db, { guildId: guildB, now: testNow });
    const many = Array.from({ length: 2500 }, (_, index) => `1${String(index).padStart(17, "0")}`);

    expect(await listRemovedGuilds(store.db, [...many, guildB])).toEqual(new Set([guildB]));
  });
});
