// A member's tier role as a desired state (docs/architecture.md, "Tier roles"): the newest rating wins, a
// re-link replaces the row, an unlink removes the roles, and a sync queues every linked member and sums up.
import { describe, expect, it } from "vitest";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { claimDueMemberRoles, finishMemberRoleSync } from "../../src/store/member-tier-role-lease.js";
import {
  findMemberTierRole,
  queueLinkedMemberRating,
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
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { alice, guildA, guildB, lease, link, rating } from "./support/tier-role-fixtures.js";

describe.each(testDatabases())("member tier roles on $name", (database) => {
  const store = useMigratedStore(database);

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

  it("stores a rating given as a fraction rounded, as its integer column holds it", async () => {
    // A profile's rating at link time is read leniently; PostgreSQL refused 1849.6, and so the whole link.
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow });
    expect(await queueLinkedMemberRating(store.db, rating({ rating: 1849.6 }))).toBe(true);
    const stored = await findMemberTierRole(store.db, { guildId: guildA, userId: alice });
    expect(stored).toMatchObject({ rating: 1850, pending: true });
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
});
