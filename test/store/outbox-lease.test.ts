// Claiming the outbox's due rows under a lease (docs/architecture.md, "Posting"): oldest first up to a limit,
// no row of a channel another worker holds, a run-out lease taken over and its late worker ignored; then a row
// delivered, rescheduled or dead-lettered by the worker holding it. Two workers claiming at once:
// outbox-concurrent-claims.test.ts.
import { describe, expect, it } from "vitest";
import {
  claimDueOutbox,
  markChannelOutboxDead,
  markOutboxDead,
  markOutboxDelivered,
  rescheduleOutbox,
} from "../../src/store/outbox-lease.js";
import { recordOutboxGroup, renewOutboxGroupLease } from "../../src/store/outbox-groups.js";
import { countPendingOutbox, findOutboxEntry } from "../../src/store/outbox.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { enqueue, leaseMs } from "./support/outbox-fixtures.js";

describe.each(testDatabases())("outbox leases on $name", (database) => {
  const store = useMigratedStore(database);

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

  it("hands a row back as claimed only while no group was recorded on it since", async () => {
    const first = await enqueue(store.db, "evt_1", { now: testNow - 1 });
    const second = await enqueue(store.db, "evt_2");
    await claimDueOutbox(store.db, { owner: "w", now: testNow, leaseMs, limit: 10 });
    // The worker's channel turn gathers both rows into one group while its hand-back of the second waits.
    await recordOutboxGroup(store.db, {
      groupId: "g1",
      ids: [first, second],
      owner: "w",
      now: testNow,
      leaseMs,
    });
    const asClaimed = {
      id: second,
      owner: "w",
      nextAttemptAt: testNow,
      error: "channel busy",
      groupId: null,
    };
    expect(await rescheduleOutbox(store.db, { ...asClaimed, countAttempt: false })).toBe(false);
    expect(await findOutboxEntry(store.db, second)).toMatchObject({ groupId: "g1", leaseOwner: "w" });

    const inGroup = { ...asClaimed, error: "the summary's next messages", groupId: "g1" };
    expect(await rescheduleOutbox(store.db, { ...inGroup, countAttempt: false })).toBe(true);
    expect(await findOutboxEntry(store.db, second)).toMatchObject({ groupId: "g1", leaseOwner: null });
  });

  it("leases a group's rows again only while pending in the group and held by the worker or free", async () => {
    const ids = await Promise.all(["evt_1", "evt_2", "evt_3", "evt_4"].map((id) => enqueue(store.db, id)));
    const [kept, delivered, taken, outside] = ids as [string, string, string, string];
    await recordOutboxGroup(store.db, {
      groupId: "g1",
      ids: [kept, delivered, taken],
      owner: "w",
      now: testNow,
      leaseMs,
    });
    await markOutboxDelivered(store.db, { id: delivered, postedMessageId: "m", now: testNow });
    // Another worker took this one over once the lease ran out.
    await store.db
      .updateTable("outbox")
      .set({ lease_owner: "other", lease_expires_at: Number.MAX_SAFE_INTEGER })
      .where("id", "=", taken)
      .execute();

    const renewed = await renewOutboxGroupLease(store.db, {
      groupId: "g1",
      ids,
      owner: "w",
      now: testNow,
      leaseMs,
    });

    expect(renewed).toEqual([kept]);
    expect(await findOutboxEntry(store.db, taken)).toMatchObject({ leaseOwner: "other" });
    expect(await findOutboxEntry(store.db, outside)).toMatchObject({ groupId: null, leaseOwner: null });
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
});
