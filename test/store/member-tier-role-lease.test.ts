// The role worker's lease on member tier role rows (docs/architecture.md, "Tier roles"): each due row is
// claimed once, paused and removed servers wait, a run-out lease is taken over, and a failed row backs off.
import { describe, expect, it } from "vitest";
import { clearGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { pauseRoleSync, resumeRoleSync, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { claimTierRoleWork } from "../../src/store/tier-role-work-lease.js";
import {
  claimDueMemberRoles,
  failMemberRoleSync,
  finishMemberRoleSync,
  rescheduleMemberRoles,
} from "../../src/store/member-tier-role-lease.js";
import { findMemberTierRole, queueMemberRating } from "../../src/store/member-tier-roles.js";
import { countPendingMemberRoles, readFailedMemberRoles } from "../../src/store/member-tier-role-progress.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { alice, guildA, guildB, lease, rating } from "./support/tier-role-fixtures.js";

describe.each(testDatabases())("member tier role leases on $name", (database) => {
  const store = useMigratedStore(database);

  it("leases due rows once, skips paused and disabled guilds, and finishes only the version it took", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    await saveRoleSyncMode(store.db, { guildId: guildB, mode: "map", now: testNow });
    await queueMemberRating(store.db, rating());
    await queueMemberRating(store.db, rating({ guildId: guildB }));
    await pauseRoleSync(store.db, { guildId: guildB, reason: "403 Missing Permissions", now: testNow });

    const [row, ...others] = await claimDueMemberRoles(store.db, lease);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ guildId: guildA, leaseOwner: "worker-1", version: 1 });
    expect(await claimDueMemberRoles(store.db, { ...lease, owner: "worker-2" })).toEqual([]);

    // A newer rating arrives while the worker applies version 1: the row stays pending for version 2.
    await queueMemberRating(store.db, rating({ rating: 2400, tier: "grandmaster", ratedAt: testNow + 1 }));
    const key = { guildId: guildA, userId: alice, owner: "worker-1" };
    expect(
      await finishMemberRoleSync(store.db, {
        ...key,
        version: 1,
        added: 1,
        removed: 0,
        syncedTier: null,
        now: testNow,
      }),
    ).toBe(false);
    const [again] = await claimDueMemberRoles(store.db, lease);
    expect(again).toMatchObject({ version: 2, tier: "grandmaster" });
    expect(
      await finishMemberRoleSync(store.db, {
        ...key,
        version: 2,
        added: 1,
        removed: 1,
        syncedTier: null,
        now: testNow,
      }),
    ).toBe(true);
    expect(await countPendingMemberRoles(store.db, guildA)).toBe(0);

    expect(await resumeRoleSync(store.db, { guildId: guildB, now: testNow })).toBe(true);
    expect(await claimDueMemberRoles(store.db, lease)).toHaveLength(1);
  });

  it("leaves the rows and role work of a server that removed the bot until it is added back", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow });
    await queueMemberRating(store.db, rating());
    await recordGuildRemoval(store.db, { guildId: guildA, now: testNow });
    expect(await claimDueMemberRoles(store.db, lease)).toEqual([]);
    expect(await claimTierRoleWork(store.db, lease)).toEqual([]);
    await clearGuildRemoval(store.db, guildA);
    expect(await claimDueMemberRoles(store.db, lease)).toHaveLength(1);
    expect(await claimTierRoleWork(store.db, lease)).toEqual([
      { guildId: guildA, attempts: 0, orderOwed: false },
    ]);
  });

  // On PostgreSQL leases run on the database's clock, which a test cannot move: test/store/lease-clock.test.ts.
  it.skipIf(database.dialect === "postgres")(
    "takes over a row whose lease ran out, and backs off a failed one",
    async () => {
      await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
      await queueMemberRating(store.db, rating());
      await claimDueMemberRoles(store.db, lease);
      const [taken] = await claimDueMemberRoles(store.db, {
        ...lease,
        owner: "worker-2",
        now: testNow + 30_000,
      });
      expect(taken?.leaseOwner).toBe("worker-2");
      const key = { guildId: guildA, userId: alice };
      expect(
        await rescheduleMemberRoles(store.db, {
          ...key,
          owner: "worker-1",
          nextAttemptAt: testNow,
          error: "late",
          countAttempt: true,
        }),
      ).toBe(false);
      await rescheduleMemberRoles(store.db, {
        ...key,
        owner: "worker-2",
        nextAttemptAt: testNow + 60_000,
        error: "500 Internal Server Error",
        countAttempt: true,
      });
      expect(await claimDueMemberRoles(store.db, { ...lease, now: testNow + 59_999 })).toEqual([]);
      const [retried] = await claimDueMemberRoles(store.db, { ...lease, now: testNow + 60_000 });
      expect(retried).toMatchObject({ attempts: 1, lastError: "500 Internal Server Error" });
      await failMemberRoleSync(store.db, {
        ...key,
        owner: "worker-1",
        version: 1,
        error: "gave up",
        now: testNow,
      });
      expect(await findMemberTierRole(store.db, key)).toMatchObject({ pending: false, lastError: "gave up" });
    },
  );

  it("counts the members whose sync was given up, for /setup status, until they are queued again", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    const bea = "200000000000000002";
    await queueMemberRating(store.db, rating());
    await queueMemberRating(store.db, rating({ userId: bea, platformUserId: "usr_bea" }));
    expect(await readFailedMemberRoles(store.db, guildA)).toBeUndefined();
    await claimDueMemberRoles(store.db, lease);
    const key = { guildId: guildA, userId: alice, owner: "worker-1" };
    await failMemberRoleSync(store.db, {
      ...key,
      userId: bea,
      version: 1,
      error: "403 (50013)",
      now: testNow + 5,
    });
    await failMemberRoleSync(store.db, {
      ...key,
      version: 1,
      error: "400 Invalid Form Body",
      now: testNow + 9,
    });
    expect(await readFailedMemberRoles(store.db, guildA)).toEqual({
      count: 2,
      latestError: "400 Invalid Form Body",
    });
    expect(await readFailedMemberRoles(store.db, guildB)).toBeUndefined();

    // The next rating change queues the member again: no longer counted as given up.
    await queueMemberRating(store.db, rating({ rating: 2400, tier: "grandmaster", ratedAt: testNow + 1 }));
    expect(await readFailedMemberRoles(store.db, guildA)).toEqual({ count: 1, latestError: "403 (50013)" });
  });

  it("gives back at once the lease of a version given up after a newer change came", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    await queueMemberRating(store.db, rating());
    await claimDueMemberRoles(store.db, lease);
    await queueMemberRating(store.db, rating({ rating: 2400, tier: "grandmaster", ratedAt: testNow + 1 }));
    const key = { guildId: guildA, userId: alice, owner: "worker-1" };
    expect(await failMemberRoleSync(store.db, { ...key, version: 1, error: "400", now: testNow })).toBe(
      false,
    );

    // Another worker takes the newer version now, not once the first worker's lease would have ended.
    const [taken] = await claimDueMemberRoles(store.db, { ...lease, owner: "worker-2" });
    expect(taken).toMatchObject({ version: 2, tier: "grandmaster", leaseOwner: "worker-2" });
  });
});
