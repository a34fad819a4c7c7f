// docs/architecture.md, "Growing past one machine": leases are taken and compared on the database's clock on
// PostgreSQL, where instances run on hosts whose clocks disagree; on SQLite, one host, on the injected clock.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/store/database.js";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { claimTierRoleWork } from "../../src/store/tier-role-work-lease.js";
import { insertInboxEvent } from "../../src/store/inbox.js";
import { claimDueMemberRoles, readNextMemberRoleLeaseEnd } from "../../src/store/member-tier-role-lease.js";
import { queueMemberRating } from "../../src/store/member-tier-roles.js";
import { recordOutboxGroup, takeOutboxGroup } from "../../src/store/outbox-groups.js";
import { claimDueOutbox, readNextOutboxLeaseEnd } from "../../src/store/outbox-lease.js";
import { enqueueOutbox } from "../../src/store/outbox.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";

const guildId = "100000000000000001";
const hour = 60 * 60_000;

/** An announcement and a member's role change, both due at `now`, and a server whose tier roles need making. */
async function queueWork(db: Kysely<Database>, now: number): Promise<void> {
  await insertInboxEvent(db, {
    eventId: "evt_1",
    kind: "battle.completed",
    source: "operator",
    status: "accepted",
    payload: {},
    receivedAt: now,
  });
  await enqueueOutbox(db, {
    source: "operator",
    eventId: "evt_1",
    guildId,
    channelId: "300000000000000001",
    subscriptionId: null,
    action: "post",
    targetMessageId: null,
    now,
  });
  await saveRoleSyncMode(db, { guildId, mode: "create", now });
  await queueMemberRating(db, {
    guildId,
    userId: "200000000000000001",
    platformUserId: "usr_alice",
    rating: 2105,
    tier: "master",
    ratedAt: now,
    cause: "rating",
    now,
  });
}

/** Claims every kind of leased work for `owner`; how many rows of each it got. */
async function claimAll(db: Kysely<Database>, input: { owner: string; now: number; leaseMs: number }) {
  const claim = { ...input, limit: 10 };
  return {
    outbox: (await claimDueOutbox(db, claim)).length,
    memberRoles: (await claimDueMemberRoles(db, claim)).length,
    tierRoleWork: (await claimTierRoleWork(db, claim)).length,
  };
}

const sqliteDatabases = testDatabases().filter((database) => database.dialect === "sqlite");
const postgresDatabases = testDatabases().filter((database) => database.dialect === "postgres");

describe.each(sqliteDatabases)("leases on the injected clock, on $name", (database) => {
  const store = useMigratedStore(database);

  it("tells a worker when another's lease ends, ignoring its own and those already ended", async () => {
    await queueWork(store.db, testNow);
    await claimAll(store.db, { owner: "worker-a", now: testNow, leaseMs: 30_000 });
    const at = (now: number, owner = "worker-b") => ({ owner, now });

    expect(await readNextOutboxLeaseEnd(store.db, at(testNow + 10_000))).toBe(20_000);
    expect(await readNextMemberRoleLeaseEnd(store.db, at(testNow + 10_000))).toBe(20_000);
    expect(await readNextOutboxLeaseEnd(store.db, at(testNow + 10_000, "worker-a"))).toBeUndefined();
    expect(await readNextOutboxLeaseEnd(store.db, at(testNow + 30_000))).toBeUndefined();
    expect(await readNextMemberRoleLeaseEnd(store.db, at(testNow + 30_000))).toBeUndefined();
  });

  it("tells a worker whose claim began before another's lease ended to claim again at once", async () => {
    await queueWork(store.db, testNow);
    await claimAll(store.db, { owner: "worker-a", now: testNow, leaseMs: 30_000 });
    // worker-b's claim began 1 s before the lease ended and the read comes 1 s after it: the claim may have
    // found the rows still held.
    const read = { owner: "worker-b", now: testNow + 31_000 };
    expect(await readNextOutboxLeaseEnd(store.db, { ...read, claimedAt: testNow + 29_000 })).toBe(0);
    expect(await readNextMemberRoleLeaseEnd(store.db, { ...read, claimedAt: testNow + 29_000 })).toBe(0);
    // A claim that began once it had ended took what was due.
    expect(await readNextOutboxLeaseEnd(store.db, { ...read, claimedAt: testNow + 30_000 })).toBeUndefined();
  });
});

describe.each(postgresDatabases)("leases on the database's clock, on $name", (database) => {
  const store = useMigratedStore(database);

  it("keeps every lease from a worker whose clock runs an hour ahead", async () => {
    const now = Date.now();
    await queueWork(store.db, now);
    expect(await claimAll(store.db, { owner: "worker-a", now, leaseMs: 60_000 })).toEqual({
      outbox: 1,
      memberRoles: 1,
      tierRoleWork: 1,
    });
    expect(await claimAll(store.db, { owner: "worker-b", now: now + hour, leaseMs: 60_000 })).toEqual({
      outbox: 0,
      memberRoles: 0,
      tierRoleWork: 0,
    });
  });

  it("ends a lease when the database's clock says so, though the worker's clock runs an hour behind", async () => {
    // Long enough that the second worker's first claim comes inside it on a loaded machine.
    const leaseMs = 3000;
    const now = Date.now();
    // Due on every instance's clock: an hour before the one running behind.
    await queueWork(store.db, now - 2 * hour);
    // The leases start during the claim: measured from before it, their end is at least leaseMs away.
    const claimedFrom = performance.now();
    await claimAll(store.db, { owner: "worker-a", now, leaseMs });
    const behind = { owner: "worker-b", now: now - hour, leaseMs: 60_000 };
    expect(await claimAll(store.db, behind)).toEqual({ outbox: 0, memberRoles: 0, tierRoleWork: 0 });

    // The three claims are three statements, so the lease may end between them: count each kind's claims
    // across the polls until each has been taken over.
    const taken = { outbox: 0, memberRoles: 0, tierRoleWork: 0 };
    await expect
      .poll(
        async () => {
          const claimed = await claimAll(store.db, behind);
          taken.outbox += claimed.outbox;
          taken.memberRoles += claimed.memberRoles;
          taken.tierRoleWork += claimed.tierRoleWork;
          return { ...taken };
        },
        { timeout: 15_000, interval: 50 },
      )
      .toEqual({ outbox: 1, memberRoles: 1, tierRoleWork: 1 });
    expect(performance.now() - claimedFrom).toBeGreaterThanOrEqual(leaseMs - 50);
  });

  it("counts a lease that ended after a worker's claim began as ending now, measured on the worker's clock", async () => {
    await queueWork(store.db, testNow);
    await claimDueOutbox(store.db, { owner: "worker-a", now: testNow, leaseMs: 1, limit: 1 });
    const read = () => readNextOutboxLeaseEnd(store.db, { owner: "worker-b", now: Date.now() });
    await expect.poll(read, { timeout: 5000, interval: 20 }).toBeUndefined();
    // The worker's clock an hour behind the database's: only the span since its claim began matters.
    const now = Date.now() - hour;
    const since = (ms: number) =>
      readNextOutboxLeaseEnd(store.db, { owner: "worker-b", now, claimedAt: now - ms });
    expect(await since(60_000)).toBe(0);
    expect(await since(0)).toBeUndefined();
  });

  it("leases for leaseMs from the database's now, whatever now the worker passes", async () => {
    await queueWork(store.db, testNow);
    const before = Date.now();
    const [entry] = await claimDueOutbox(store.db, {
      owner: "worker-a",
      now: testNow,
      leaseMs: 30_000,
      limit: 1,
    });
    const after = Date.now();
    // The database runs on this host in the tests; allow its clock a second either way.
    expect(entry?.leaseExpiresAt).toBeGreaterThanOrEqual(before + 30_000 - 1000);
    expect(entry?.leaseExpiresAt).toBeLessThanOrEqual(after + 30_000 + 1000);
    const wait = await readNextOutboxLeaseEnd(store.db, { owner: "worker-b", now: testNow });
    expect(wait).toBeGreaterThan(30_000 - 1000);
    expect(wait).toBeLessThanOrEqual(30_000);
  });

  it("keeps a recorded group's rows from a worker whose clock runs an hour ahead, and leases them on its clock", async () => {
    const now = Date.now();
    await queueWork(store.db, now);
    const [entry] = await claimDueOutbox(store.db, { owner: "worker-a", now, leaseMs: 60_000, limit: 1 });
    const id = entry?.id ?? "";
    const ahead = { owner: "worker-b", now: now + hour };
    expect(
      await recordOutboxGroup(store.db, { ...ahead, groupId: "g1", ids: [id], leaseMs: 60_000 }),
    ).toEqual([]);

    const before = Date.now();
    const [recorded] = await recordOutboxGroup(store.db, {
      owner: "worker-a",
      now: now - hour,
      groupId: "g1",
      ids: [id],
      leaseMs: 30_000,
    });
    expect(recorded?.leaseExpiresAt).toBeGreaterThanOrEqual(before + 30_000 - 1000);
    expect(recorded?.leaseExpiresAt).toBeLessThanOrEqual(Date.now() + 30_000 + 1000);

    const taken = await takeOutboxGroup(store.db, { ...ahead, groupId: "g1", leaseMs: 60_000 });
    expect(taken.map((row) => row.leaseOwner)).toEqual(["worker-a"]);
  });
});
