import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/store/database.js";
import {
  claimTierRoleWork,
  findGuildRoleSettings,
  finishTierRoleWork,
  pauseRoleSync,
  resumeRoleSync,
  saveRoleSyncMode,
} from "../../src/store/guild-role-settings.js";
import { clearGuildRemoval, recordGuildRemoval } from "../../src/store/guild-removals.js";
import { saveMemberLink } from "../../src/store/member-links.js";
import {
  claimDueMemberRoles,
  failMemberRoleSync,
  finishMemberRoleSync,
  rescheduleMemberRoles,
} from "../../src/store/member-tier-role-lease.js";
import {
  findMemberTierRole,
  queueMemberRating,
  queueMemberUnlink,
  queueRatingOfPlatformUser,
} from "../../src/store/member-tier-roles.js";
import {
  countPendingMemberRoles,
  summariseGuildRoleSync,
} from "../../src/store/member-tier-role-progress.js";
import { dropGuildRoleQueue, queueGuildRoleSync } from "../../src/store/guild-role-queue.js";
import { savePlatformUser } from "../../src/store/platform-users.js";
import { listTierRoles, mapTierRole, unmapRole } from "../../src/store/tier-roles.js";
import { listTiers, recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { createTestSecretBox, testNow } from "./secret-box-fixture.js";

const guildA = "100000000000000001";
const guildB = "100000000000000002";
const alice = "200000000000000001";
const box = createTestSecretBox();
const lease = { owner: "worker-1", now: testNow, leaseMs: 30_000, limit: 10 };

async function link(db: Kysely<Database>, guildId: string, userId: string, platformUserId: string) {
  await saveMemberLink(db, box, {
    guildId,
    userId,
    platformUserId,
    platformUsername: platformUserId,
    credentialKind: "api_key",
    credential: { accessToken: "key-123456789" },
    now: testNow,
  });
}

const rating = (overrides: Partial<Parameters<typeof queueMemberRating>[1]> = {}) => ({
  guildId: guildA,
  userId: alice,
  platformUserId: "usr_alice",
  rating: 2105,
  tier: "Master" as string | undefined,
  ratedAt: testNow,
  cause: "rating" as const,
  now: testNow,
  ...overrides,
});

describe.each(testDatabases())("tier roles on $name", (database) => {
  const store = useMigratedStore(database);

  it("learns tiers with the ratings they were seen at and orders them by rating", async () => {
    expect(await recordTierSighting(store.db, { tier: "Master", rating: 2100, now: testNow })).toBe(true);
    expect(await recordTierSighting(store.db, { tier: " master ", rating: 2300, now: testNow })).toBe(false);
    await recordTierSighting(store.db, { tier: "master", rating: 2050, now: testNow });
    await recordTierSighting(store.db, { tier: "Gold", rating: 1500, now: testNow });
    await recordTierSighting(store.db, { tier: "mystery", rating: undefined, now: testNow });
    expect(await recordTierSighting(store.db, { tier: "  ", rating: 10, now: testNow })).toBe(false);
    const tiers = await listTiers(store.db);
    expect(tiers.map((tier) => [tier.tier, tier.lowestRating, tier.highestRating])).toEqual([
      ["gold", 1500, 1500],
      ["master", 2050, 2300],
      ["mystery", null, null],
    ]);
  });

  it("marks servers in create mode, and only those, when a tier is seen for the first time", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow });
    await saveRoleSyncMode(store.db, { guildId: guildB, mode: "map", now: testNow });
    const claimed = await claimTierRoleWork(store.db, lease);
    expect(claimed).toEqual([guildA]);
    await finishTierRoleWork(store.db, {
      guildId: guildA,
      owner: "worker-1",
      done: true,
      claimedAt: testNow,
    });
    expect((await findGuildRoleSettings(store.db, guildA))?.tiersPending).toBe(false);

    await recordTierSighting(store.db, { tier: "diamond", rating: 1900, now: testNow + 5 });
    expect((await findGuildRoleSettings(store.db, guildA))?.tiersPending).toBe(true);
    expect((await findGuildRoleSettings(store.db, guildB))?.tiersPending).toBe(false);
    // One instance at a time makes a guild's roles.
    expect(await claimTierRoleWork(store.db, { ...lease, now: testNow + 5 })).toEqual([guildA]);
    expect(await claimTierRoleWork(store.db, { ...lease, owner: "worker-2", now: testNow + 6 })).toEqual([]);
  });

  it("keeps the newest rating when events arrive out of order", async () => {
    expect(
      await queueMemberRating(store.db, rating({ rating: 2105, tier: "master", ratedAt: testNow + 10 })),
    ).toBe(true);
    expect(
      await queueMemberRating(store.db, rating({ rating: 1900, tier: "diamond", ratedAt: testNow + 5 })),
    ).toBe(false);
    const stored = await findMemberTierRole(store.db, { guildId: guildA, userId: alice });
    expect(stored).toMatchObject({ rating: 2105, tier: "master", ratedAt: testNow + 10, pending: true });
  });

  it("replaces the row of a member who re-linked another account, whatever its rating's age", async () => {
    await queueMemberRating(store.db, rating({ ratedAt: testNow + 10 }));
    await queueMemberRating(
      store.db,
      rating({ platformUserId: "usr_other", rating: 1200, tier: "silver", ratedAt: testNow, cause: "link" }),
    );
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toMatchObject({
      platformUserId: "usr_other",
      tier: "silver",
      cause: "link",
      version: 2,
    });
  });

  it("keeps the known tier and asks for a look-up when a rating comes without one", async () => {
    await queueMemberRating(store.db, rating());
    await queueMemberRating(store.db, rating({ rating: 2150, tier: undefined, ratedAt: testNow + 1 }));
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toMatchObject({
      rating: 2150,
      tier: "master",
      tierLookup: true,
    });
  });

  it("queues a platform user's rating in every guild where they are linked and sync is on, or in one", async () => {
    await link(store.db, guildA, alice, "usr_alice");
    await link(store.db, guildB, alice, "usr_alice");
    await link(store.db, "100000000000000003", alice, "usr_alice");
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    await saveRoleSyncMode(store.db, { guildId: guildB, mode: "create", now: testNow });
    const input = {
      platformUserId: "usr_alice",
      rating: 2105,
      tier: "master",
      ratedAt: testNow,
      now: testNow,
    };
    expect(await queueRatingOfPlatformUser(store.db, { ...input, guildId: undefined })).toBe(2);
    expect(
      await findMemberTierRole(store.db, { guildId: "100000000000000003", userId: alice }),
    ).toBeUndefined();
    await saveRoleSyncMode(store.db, { guildId: guildB, mode: "off", now: testNow });
    expect(
      await queueRatingOfPlatformUser(store.db, { ...input, guildId: guildB, ratedAt: testNow + 1 }),
    ).toBe(0);
  });

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
    expect(await claimTierRoleWork(store.db, lease)).toEqual([guildA]);
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
      await failMemberRoleSync(store.db, { ...key, owner: "worker-1", version: 1, error: "gave up" });
      expect(await findMemberTierRole(store.db, key)).toMatchObject({ pending: false, lastError: "gave up" });
    },
  );

  it("trusts the last sync for a rating change of the same account, and reads the member again after anything else", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    await queueMemberRating(store.db, rating());
    await claimDueMemberRoles(store.db, lease);
    const key = { guildId: guildA, userId: alice };
    await finishMemberRoleSync(store.db, {
      ...key,
      owner: "worker-1",
      version: 1,
      added: 1,
      removed: 0,
      syncedTier: "master",
      now: testNow,
    });
    await queueMemberRating(store.db, rating({ rating: 2120, ratedAt: testNow + 1 }));
    expect(await findMemberTierRole(store.db, key)).toMatchObject({ syncedTier: "master", pending: true });
    await queueGuildRoleSync(store.db, { guildId: guildA, cause: "sync", now: testNow });
    expect(await findMemberTierRole(store.db, key)).toMatchObject({ syncedTier: null, pending: true });
  });

  it("removes the row once an unlinked member's roles are removed", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    await queueMemberRating(store.db, rating());
    expect(await queueMemberUnlink(store.db, { guildId: guildA, userId: alice, now: testNow })).toBe(true);
    const [row] = await claimDueMemberRoles(store.db, lease);
    expect(row).toMatchObject({ platformUserId: null, cause: "unlink", version: 2 });
    await finishMemberRoleSync(store.db, {
      guildId: guildA,
      userId: alice,
      owner: "worker-1",
      version: 2,
      added: 0,
      removed: 1,
      syncedTier: null,
      now: testNow,
    });
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toBeUndefined();
  });

  it("queues every linked member on a sync, from the read model when there is no row, and sums up the result", async () => {
    const bob = "200000000000000002";
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "map", now: testNow });
    await link(store.db, guildA, alice, "usr_alice");
    await link(store.db, guildA, bob, "usr_bob");
    await savePlatformUser(store.db, {
      platformUserId: "usr_alice",
      username: "alice",
      rating: 2105,
      tier: "Master",
      now: testNow,
    });
    expect(await queueGuildRoleSync(store.db, { guildId: guildA, cause: "sync", now: testNow })).toBe(2);
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: alice })).toMatchObject({
      tier: "master",
      tierLookup: false,
    });
    expect(await findMemberTierRole(store.db, { guildId: guildA, userId: bob })).toMatchObject({
      tier: null,
      tierLookup: true,
    });
    await claimDueMemberRoles(store.db, lease);
    await finishMemberRoleSync(store.db, {
      guildId: guildA,
      userId: alice,
      owner: "worker-1",
      version: 1,
      added: 1,
      removed: 1,
      syncedTier: "master",
      now: testNow + 1,
    });
    expect(await summariseGuildRoleSync(store.db, { guildId: guildA, since: testNow, limit: 10 })).toEqual({
      checked: 1,
      pending: 1,
      failed: 0,
      rolesAdded: 1,
      rolesRemoved: 1,
      changed: [{ userId: alice, added: 1, removed: 1 }],
    });
    await dropGuildRoleQueue(store.db, guildA);
    expect(await countPendingMemberRoles(store.db, guildA)).toBe(0);
  });

  it("maps one role per tier and one tier per role, and unmaps a deleted role", async () => {
    await mapTierRole(store.db, {
      guildId: guildA,
      tier: "master",
      roleId: "r1",
      createdByBot: true,
      now: testNow,
    });
    await mapTierRole(store.db, {
      guildId: guildA,
      tier: "gold",
      roleId: "r2",
      createdByBot: false,
      now: testNow,
    });
    await mapTierRole(store.db, {
      guildId: guildA,
      tier: "diamond",
      roleId: "r1",
      createdByBot: false,
      now: testNow,
    });
    expect((await listTierRoles(store.db, guildA)).map((role) => [role.tier, role.roleId])).toEqual([
      ["diamond", "r1"],
      ["gold", "r2"],
    ]);
    expect(await unmapRole(store.db, { guildId: guildA, roleId: "r2" })).toBe("gold");
    expect(await unmapRole(store.db, { guildId: guildA, roleId: "r2" })).toBeUndefined();
  });
});
