import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/store/create-db.js";
import type { Database } from "../../src/store/database.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import {
  claimDueOutbox,
  markChannelOutboxDead,
  markOutboxDead,
  markOutboxDelivered,
  rescheduleOutbox,
} from "../../src/store/outbox-lease.js";
import {
  countPendingOutbox,
  enqueueOutbox,
  enqueueOutboxRows,
  findOutboxEntry,
  pruneOutbox,
  type OutboxInput,
} from "../../src/store/outbox.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const leaseMs = 30_000;

async function receive(db: Kysely<Database>, eventId: string, source = "operator"): Promise<void> {
  await insertInboxEvent(db, {
    eventId,
    kind: "battle.completed",
    source,
    status: "accepted",
    payload: {},
    receivedAt: testNow,
  });
}

function postInput(eventId: string, overrides: Partial<OutboxInput> = {}): OutboxInput {
  return {
    source: "operator",
    eventId,
    guildId: "100000000000000001",
    channelId: "300000000000000001",
    subscriptionId: "sub-1",
    action: "post",
    targetMessageId: null,
    now: testNow,
    ...overrides,
  };
}

async function enqueue(
  db: Kysely<Database>,
  eventId: string,
  overrides: Partial<OutboxInput> = {},
): Promise<string> {
  await receive(db, eventId, overrides.source);
  const id = await enqueueOutbox(db, postInput(eventId, overrides));
  if (id === undefined) throw new Error("expected a new outbox row");
  return id;
}

describe.each(testDatabases())("outbox on $name", (database) => {
  const store = useMigratedStore(database);

  it("enqueues a pending row, due now, whose id can be Discord's nonce", async () => {
    const id = await enqueue(store.db, "evt_1");
    expect(id.length).toBeLessThanOrEqual(25);
    expect(await findOutboxEntry(store.db, id)).toEqual({
      id,
      source: "operator",
      eventId: "evt_1",
      guildId: "100000000000000001",
      channelId: "300000000000000001",
      subscriptionId: "sub-1",
      action: "post",
      targetMessageId: null,
      status: "pending",
      attempts: 0,
      nextAttemptAt: testNow,
      leaseOwner: null,
      leaseExpiresAt: null,
      lastError: null,
      postedMessageId: null,
      createdAt: testNow,
      deliveredAt: null,
      groupId: null,
      summaryKey: null,
    });
  });

  it("queues one post per event and channel, but a card edit beside it", async () => {
    await enqueue(store.db, "evt_1");
    expect(await enqueueOutbox(store.db, postInput("evt_1", { subscriptionId: "sub-2" }))).toBeUndefined();
    const edit = await enqueueOutbox(
      store.db,
      postInput("evt_1", { action: "edit", subscriptionId: null, targetMessageId: "m-1" }),
    );
    expect(edit).toBeDefined();
    expect(await countPendingOutbox(store.db)).toBe(2);
  });

  it("queues an event's rows to many channels in one call, past one statement's worth, skipping those queued", async () => {
    const before = await enqueue(store.db, "evt_1", { channelId: "channel-7" });
    const channels = Array.from({ length: 1_201 }, (_, index) => `channel-${index}`);
    const ids = await enqueueOutboxRows(
      store.db,
      channels.map((channelId) => postInput("evt_1", { channelId })),
    );
    expect(ids).toHaveLength(1_200);
    expect(new Set(ids).size).toBe(1_200);
    expect(ids).not.toContain(before);
    expect(await countPendingOutbox(store.db)).toBe(1_201);
    expect(await findOutboxEntry(store.db, ids[1_199] ?? "")).toMatchObject({
      eventId: "evt_1",
      status: "pending",
    });
    expect(await enqueueOutboxRows(store.db, [])).toEqual([]);
  });

  it("refuses a row for an event that is not in the inbox", async () => {
    await expect(enqueueOutbox(store.db, postInput("evt_unknown"))).rejects.toThrow();
  });

  it("refuses a row naming a source that never delivered the event", async () => {
    await receive(store.db, "evt_1");
    await expect(enqueueOutbox(store.db, postInput("evt_1", { source: "endpoint-1" }))).rejects.toThrow();
  });

  it("queues one post per channel when the operator and a guild endpoint both deliver an event", async () => {
    const fromGuild = await enqueue(store.db, "evt_1", { source: "endpoint-1" });
    await receive(store.db, "evt_1");
    expect(await enqueueOutbox(store.db, postInput("evt_1"))).toBeUndefined();
    expect(
      await enqueueOutbox(store.db, postInput("evt_1", { channelId: "300000000000000002" })),
    ).toBeDefined();
    expect(await findOutboxEntry(store.db, fromGuild)).toMatchObject({ source: "endpoint-1" });
    expect(await countPendingOutbox(store.db)).toBe(2);
  });

  it("claims due rows oldest first, up to the limit, and leases them", async () => {
    const first = await enqueue(store.db, "evt_1", { now: testNow - 2 });
    const second = await enqueue(store.db, "evt_2", { now: testNow - 1 });
    await enqueue(store.db, "evt_3", { now: testNow });
    await enqueue(store.db, "evt_future", { now: testNow + 1 });
    const claimed = await claimDueOutbox(store.db, { owner: "worker-a", now: testNow, leaseMs, limit: 2 });
    expect(claimed.map((entry) => entry.id)).toEqual([first, second]);
    expect(claimed[0]).toMatchObject({ leaseOwner: "worker-a" });
    const rest = await claimDueOutbox(store.db, { owner: "worker-a", now: testNow, leaseMs, limit: 10 });
    expect(rest.map((entry) => entry.eventId)).toEqual(["evt_3"]);
  });

  it("claims no row of a channel another worker holds rows of, and other channels' rows meanwhile", async () => {
    const first = await enqueue(store.db, "evt_1", { now: testNow - 2 });
    const second = await enqueue(store.db, "evt_2", { now: testNow - 1 });
    const elsewhere = await enqueue(store.db, "evt_3", { now: testNow, channelId: "300000000000000002" });
    await claimDueOutbox(store.db, { owner: "worker-a", now: testNow, leaseMs, limit: 1 });

    const meanwhile = await claimDueOutbox(store.db, { owner: "worker-b", now: testNow, leaseMs, limit: 10 });
    await markOutboxDelivered(store.db, { id: first, postedMessageId: "m", now: testNow });
    const once = await claimDueOutbox(store.db, { owner: "worker-b", now: testNow, leaseMs, limit: 10 });

    expect(meanwhile.map((entry) => entry.id)).toEqual([elsewhere]);
    expect(once.map((entry) => entry.id)).toEqual([second]);
  });

  it("leaves the rows of the channels it is told to skip", async () => {
    await enqueue(store.db, "evt_1", { now: testNow - 1 });
    const elsewhere = await enqueue(store.db, "evt_2", { now: testNow, channelId: "300000000000000002" });
    const skipChannels = ["300000000000000001"];

    const claimed = await claimDueOutbox(store.db, {
      owner: "w",
      now: testNow,
      leaseMs,
      limit: 10,
      skipChannels,
    });

    expect(claimed.map((entry) => entry.id)).toEqual([elsewhere]);
  });

  // On PostgreSQL leases run on the database's clock, which a test cannot move: test/store/lease-clock.test.ts.
  it.skipIf(database.dialect === "postgres")(
    "claims a channel's rows again once the lease of the worker holding some ends",
    async () => {
      const first = await enqueue(store.db, "evt_1", { now: testNow - 1 });
      const second = await enqueue(store.db, "evt_2", { now: testNow });
      await claimDueOutbox(store.db, { owner: "worker-a", now: testNow, leaseMs, limit: 1 });

      const held = await claimDueOutbox(store.db, {
        owner: "w",
        now: testNow + leaseMs - 1,
        leaseMs,
        limit: 10,
      });
      const ended = await claimDueOutbox(store.db, {
        owner: "w",
        now: testNow + leaseMs,
        leaseMs,
        limit: 10,
      });

      expect(held).toEqual([]);
      expect(ended.map((entry) => entry.id)).toEqual([first, second]);
    },
  );

  // On PostgreSQL leases run on the database's clock, which a test cannot move: test/store/lease-clock.test.ts.
  it.skipIf(database.dialect === "postgres")(
    "lets another worker take over a row whose lease expired, and ignores the late worker",
    async () => {
      const id = await enqueue(store.db, "evt_1");
      const [claimed] = await claimDueOutbox(store.db, {
        owner: "worker-a",
        now: testNow,
        leaseMs,
        limit: 10,
      });
      expect(claimed).toMatchObject({ leaseOwner: "worker-a", leaseExpiresAt: testNow + leaseMs });
      expect(
        await claimDueOutbox(store.db, { owner: "worker-b", now: testNow + leaseMs - 1, leaseMs, limit: 10 }),
      ).toEqual([]);
      const takenOver = await claimDueOutbox(store.db, {
        owner: "worker-b",
        now: testNow + leaseMs,
        leaseMs,
        limit: 10,
      });
      expect(takenOver.map((entry) => [entry.id, entry.leaseOwner])).toEqual([[id, "worker-b"]]);
      const late = { id, owner: "worker-a", nextAttemptAt: testNow, error: "timeout" };
      expect(await rescheduleOutbox(store.db, late)).toBe(false);
      expect(await markOutboxDead(store.db, { id, owner: "worker-a", error: "gave up" })).toBe(false);
      expect(await findOutboxEntry(store.db, id)).toMatchObject({
        status: "pending",
        leaseOwner: "worker-b",
      });
    },
  );

  it("marks a row delivered with the message Discord created; it is not claimed again", async () => {
    const id = await enqueue(store.db, "evt_1");
    await claimDueOutbox(store.db, { owner: "worker-a", now: testNow, leaseMs, limit: 10 });
    expect(await markOutboxDelivered(store.db, { id, postedMessageId: "msg-9", now: testNow + 5 })).toBe(
      true,
    );
    expect(await markOutboxDelivered(store.db, { id, postedMessageId: "msg-10", now: testNow + 6 })).toBe(
      false,
    );
    expect(await findOutboxEntry(store.db, id)).toMatchObject({
      status: "delivered",
      postedMessageId: "msg-9",
      deliveredAt: testNow + 5,
      leaseOwner: null,
    });
    expect(
      await claimDueOutbox(store.db, { owner: "worker-b", now: testNow + 10 * leaseMs, leaseMs, limit: 10 }),
    ).toEqual([]);
  });

  it("reschedules a failed attempt, counting it unless it was only a rate-limit wait", async () => {
    const id = await enqueue(store.db, "evt_1");
    await claimDueOutbox(store.db, { owner: "w", now: testNow, leaseMs, limit: 10 });
    expect(
      await rescheduleOutbox(store.db, { id, owner: "w", nextAttemptAt: testNow + 1000, error: "503" }),
    ).toBe(true);
    expect(await findOutboxEntry(store.db, id)).toMatchObject({
      attempts: 1,
      nextAttemptAt: testNow + 1000,
      lastError: "503",
      leaseOwner: null,
    });
    expect(await claimDueOutbox(store.db, { owner: "w", now: testNow + 999, leaseMs, limit: 10 })).toEqual(
      [],
    );
    await claimDueOutbox(store.db, { owner: "w", now: testNow + 1000, leaseMs, limit: 10 });
    const wait = { id, owner: "w", nextAttemptAt: testNow + 3000, error: "429", countAttempt: false };
    expect(await rescheduleOutbox(store.db, wait)).toBe(true);
    expect(await findOutboxEntry(store.db, id)).toMatchObject({
      attempts: 1,
      nextAttemptAt: testNow + 3000,
      lastError: "429",
    });
  });

  it("dead-letters a row, and every pending row of a channel that is gone", async () => {
    const id = await enqueue(store.db, "evt_1");
    await claimDueOutbox(store.db, { owner: "w", now: testNow, leaseMs, limit: 1 });
    expect(await markOutboxDead(store.db, { id, owner: "w", error: "x".repeat(5000) })).toBe(true);
    const dead = await findOutboxEntry(store.db, id);
    expect(dead).toMatchObject({ status: "dead", attempts: 1 });
    expect(dead?.lastError).toHaveLength(1000);

    await enqueue(store.db, "evt_2");
    await enqueue(store.db, "evt_3");
    await enqueue(store.db, "evt_4", { channelId: "300000000000000002" });
    expect(
      await markChannelOutboxDead(store.db, { channelId: "300000000000000001", error: "Unknown Channel" }),
    ).toBe(2);
    expect(await countPendingOutbox(store.db)).toBe(1);
  });

  it("counts pending rows in all guilds or one", async () => {
    await enqueue(store.db, "evt_1");
    await enqueue(store.db, "evt_2", { guildId: "100000000000000002" });
    expect(await countPendingOutbox(store.db)).toBe(2);
    expect(await countPendingOutbox(store.db, "100000000000000002")).toBe(1);
  });

  it("prunes old delivered and dead rows, never pending ones", async () => {
    const delivered = await enqueue(store.db, "evt_1", { now: testNow - 100 });
    const dead = await enqueue(store.db, "evt_2", { now: testNow - 100 });
    const pending = await enqueue(store.db, "evt_3", { now: testNow - 100 });
    const recent = await enqueue(store.db, "evt_4", { now: testNow });
    await claimDueOutbox(store.db, { owner: "w", now: testNow, leaseMs, limit: 10 });
    await markOutboxDelivered(store.db, { id: delivered, postedMessageId: "m", now: testNow });
    await markOutboxDead(store.db, { id: dead, owner: "w", error: "403" });
    await markOutboxDelivered(store.db, { id: recent, postedMessageId: "m", now: testNow });
    expect(await pruneOutbox(store.db, testNow - 50)).toBe(2);
    expect(await findOutboxEntry(store.db, pending)).toBeDefined();
    expect(await findOutboxEntry(store.db, recent)).toBeDefined();
  });

  it("never gives one channel's rows to two workers claiming at the same time", async () => {
    // Separate connections where the database allows it, so the claims really overlap.
    const extra = database.shared ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const claimantsByRound: number[] = [];
      for (let round = 0; round < 10; round += 1) {
        const channelId = `30000000000000010${round}`;
        for (let index = 0; index < 6; index += 1) {
          await enqueue(store.db, `evt_${round}_${index}`, { now: testNow - 6 + index, channelId });
        }
        // Owners new to each round, so a round's claims meet only that round's channel free.
        const claims = await Promise.all(
          handles.map((db, worker) =>
            claimDueOutbox(db, { owner: `worker-${round}-${worker}`, now: testNow, leaseMs, limit: 3 }),
          ),
        );
        claimantsByRound.push(claims.filter((claimed) => claimed.length > 0).length);
      }
      expect(claimantsByRound).toEqual(Array(10).fill(1));
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
  });

  it("never gives one row to two workers claiming at the same time", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 60; index += 1) ids.add(await enqueue(store.db, `evt_${index}`));
    // Separate connections where the database allows it, so the claims really overlap.
    const extra = database.shared ? await Promise.all([createDb(store.url), createDb(store.url)]) : [];
    try {
      const handles = [store.db, store.db, ...extra.map((other) => other.db)];
      const claimedBy = await Promise.all(
        handles.map(async (db, worker) => {
          const mine: string[] = [];
          for (;;) {
            const batch = await claimDueOutbox(db, {
              owner: `worker-${worker}`,
              now: testNow,
              leaseMs,
              limit: 7,
            });
            if (batch.length === 0) return mine;
            mine.push(...batch.map((entry) => entry.id));
          }
        }),
      );
      const all = claimedBy.flat();
      expect(all).toHaveLength(ids.size);
      expect(new Set(all)).toEqual(ids);
    } finally {
      await Promise.all(extra.map((other) => other.close()));
    }
  });
});
