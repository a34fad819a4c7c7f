// The tiers the bot learns and the roles a server maps to them (docs/architecture.md, "Tier roles"): tiers
// ordered by the ratings they were seen at, a new tier marking create-mode servers for role work, one role
// per tier.
import { describe, expect, it } from "vitest";
import {
  findGuildRoleSettings,
  markTierRolesPending,
  saveRoleSyncMode,
  stopCreatingTierRoles,
} from "../../src/store/guild-role-settings.js";
import { claimTierRoleWork, finishTierRoleWork } from "../../src/store/tier-role-work-lease.js";
import { listTierRoles, mapTierRole, unmapRole } from "../../src/store/tier-roles.js";
import { listTiers, recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "./databases.js";
import { testNow } from "./secret-box-fixture.js";
import { guildA, guildB, lease } from "./support/tier-role-fixtures.js";

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
    expect(claimed).toEqual([{ guildId: guildA, attempts: 0, orderOwed: false }]);
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
    expect(await claimTierRoleWork(store.db, { ...lease, now: testNow + 5 })).toEqual([
      { guildId: guildA, attempts: 0, orderOwed: false },
    ]);
    expect(await claimTierRoleWork(store.db, { ...lease, owner: "worker-2", now: testNow + 6 })).toEqual([]);
  });

  it("claims a server's role work again only once a failed attempt's retry is due, and counts the failures", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow });
    const claim = (now: number, owner = "worker-1") => claimTierRoleWork(store.db, { ...lease, owner, now });
    const finish = (claimedAt: number, retry?: { nextAttemptAt: number; countAttempt: boolean }) =>
      finishTierRoleWork(store.db, {
        guildId: guildA,
        owner: "worker-1",
        done: retry === undefined,
        claimedAt,
        retry,
      });

    expect(await claim(testNow)).toEqual([{ guildId: guildA, attempts: 0, orderOwed: false }]);
    await finish(testNow, { nextAttemptAt: testNow + 1000, countAttempt: true });
    expect(await claim(testNow + 999, "worker-2")).toEqual([]);
    expect(await claim(testNow + 1000)).toEqual([{ guildId: guildA, attempts: 1, orderOwed: false }]);
    await finish(testNow + 1000, { nextAttemptAt: testNow + 3000, countAttempt: true });
    expect(await claim(testNow + 2999)).toEqual([]);
    expect(await claim(testNow + 3000)).toEqual([{ guildId: guildA, attempts: 2, orderOwed: false }]);
    await finish(testNow + 3000);
    expect((await findGuildRoleSettings(store.db, guildA))?.tiersPending).toBe(false);

    // An attempt that worked started the count again.
    await recordTierSighting(store.db, { tier: "diamond", rating: 1900, now: testNow + 4000 });
    expect(await claim(testNow + 4000)).toEqual([{ guildId: guildA, attempts: 0, orderOwed: false }]);
    await finish(testNow + 4000, { nextAttemptAt: testNow + 10_000, countAttempt: true });
    // /setup roles sync (and the daily pass) make the work due at once, with a fresh backoff.
    expect(await claim(testNow + 4001)).toEqual([]);
    await markTierRolesPending(store.db, { guildId: guildA, now: testNow + 4001 });
    expect(await claim(testNow + 4001)).toEqual([{ guildId: guildA, attempts: 0, orderOwed: false }]);
  });

  it("keeps a server's role work marked, and its order owed, until a pass orders its roles", async () => {
    await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow });
    expect(await claimTierRoleWork(store.db, { ...lease, now: testNow })).toEqual([
      { guildId: guildA, attempts: 0, orderOwed: false },
    ]);
    // The pass made a role and Discord failed its move: the work waits out the backoff, the order owed.
    const retry = { nextAttemptAt: testNow + 1000, countAttempt: true };
    await finishTierRoleWork(store.db, {
      ...{ guildId: guildA, owner: "worker-1", claimedAt: testNow },
      ...{ done: false, retry, orderOwed: true },
    });
    expect(await claimTierRoleWork(store.db, { ...lease, now: testNow + 999 })).toEqual([]);
    expect(await claimTierRoleWork(store.db, { ...lease, now: testNow + 1000 })).toEqual([
      { guildId: guildA, attempts: 1, orderOwed: true },
    ]);
    // The next pass ordered them.
    await finishTierRoleWork(store.db, {
      ...{ guildId: guildA, owner: "worker-1", claimedAt: testNow + 1000 },
      ...{ done: true, orderOwed: false },
    });
    expect((await findGuildRoleSettings(store.db, guildA))?.tiersPending).toBe(false);
    await markTierRolesPending(store.db, { guildId: guildA, now: testNow + 2000 });
    expect(await claimTierRoleWork(store.db, { ...lease, now: testNow + 2000 })).toEqual([
      { guildId: guildA, attempts: 0, orderOwed: false },
    ]);

    await finishTierRoleWork(store.db, {
      ...{ guildId: guildA, owner: "worker-1", claimedAt: testNow + 2000 },
      ...{ done: false },
    });

    // Owed again, then the mode chosen anew, or create mode left for map mode: the admins may arrange the roles
    // meanwhile, so no order is owed any more.
    const owed = async () =>
      (
        await store.db
          .selectFrom("guild_role_settings")
          .select("tiers_order_owed")
          .where("guild_id", "=", guildA)
          .executeTakeFirstOrThrow()
      ).tiers_order_owed;
    for (const [step, settle] of [
      [
        100_000,
        () => saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow + 100_000 }),
      ],
      [200_000, () => stopCreatingTierRoles(store.db, { guildId: guildA, now: testNow + 200_000 })],
    ] as const) {
      await saveRoleSyncMode(store.db, { guildId: guildA, mode: "create", now: testNow + step });
      expect(await claimTierRoleWork(store.db, { ...lease, now: testNow + step })).toHaveLength(1);
      await finishTierRoleWork(store.db, {
        ...{ guildId: guildA, owner: "worker-1", claimedAt: testNow + step },
        ...{ done: false, orderOwed: true },
      });
      expect(await owed()).toBe(1);
      await settle();
      expect(await owed()).toBe(0);
    }
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

  it("maps a role the bot made only to a tier and a role still unmapped, leaving an admin's choice", async () => {
    const map = (tier: string, roleId: string, ifUnmapped: boolean) =>
      mapTierRole(store.db, {
        guildId: guildA,
        tier,
        roleId,
        createdByBot: ifUnmapped,
        now: testNow,
        ifUnmapped,
      });
    expect(await map("gold", "r-admin", false)).toBe(true);
    expect(await map("gold", "r-bot", true)).toBe(false);
    expect(await map("master", "r-admin", true)).toBe(false);
    expect(await map("master", "r-bot", true)).toBe(true);
    expect(
      (await listTierRoles(store.db, guildA)).map((role) => [role.tier, role.roleId, role.createdByBot]),
    ).toEqual([
      ["gold", "r-admin", false],
      ["master", "r-bot", true],
    ]);
  });
});
