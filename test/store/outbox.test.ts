// The outbox's rows (docs/architecture.md, "Posting"): queued pending and due at once with an id Discord takes
// as a nonce, one post per event and channel whichever source delivered it, only for an event in the inbox,
// counted, and pruned once delivered or dead. Claiming and leasing them: outbox-lease.test.ts and
// outbox-concurrent-claims.test.ts.
import { describe, expect, it } from "vitest";
import { claimDueOutbox, markOutboxDead, markOutboxDelivered } from "../../src/store/outbox-lease.js";
import {
  countPendingOutbox,
  enqueueOutbox,
  enqueueOutboxRows,
  findOutboxEntry,
  pruneOutbox,
} from "../../src/store/outbox.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { enqueue, leaseMs, postInput, receive } from "./support/outbox-fixtures.js";

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
});
