// docs/architecture.md, "Tier roles": "A rating change within the tier the last sync made right sends no
// request at all". A sync overtaken by a newer change while it changed the member's roles made nothing right
// for that newer change, so the newer one must read the member again, even if it returns to the tier of the
// last finished sync.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { ReadMemberTier } from "../../src/roles/read-member-tier.js";
import type { RoleWorker } from "../../src/roles/role-worker.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import {
  findMemberTierRole,
  queueMemberRating,
  queueMemberUnlink,
} from "../../src/store/member-tier-roles.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { useFakeGuild } from "../support/fake-guild.js";
import { mapTiersToNewRoles } from "./support/map-tier-roles.js";

describe.each(testDatabases())("a tier role sync overtaken by a newer change on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  const createWorker = (readMemberTier: ReadMemberTier, owner = "worker-1"): RoleWorker =>
    createTestRoleWorker({
      db: store.db,
      rest: discord.rest,
      clock,
      applicationId: discord.fake.applicationId,
      owner,
      readMemberTier,
    });
  const nothingRead: ReadMemberTier = () => Promise.resolve(undefined);
  const roleNames = (userId: string) =>
    discord.fake.roles.ofMember(discord.guild.id, userId).map((role) => role.name);

  /**
   * Instance 1's tier read for a change without a tier, which outlives its lease: meanwhile `whileReading`
   * runs (the lease has run out: on PostgreSQL leases go by the database's clock, so its end is moved back),
   * then instance 1 goes on with master, its change reaching Discord last (as a request held in a rate limit's
   * queue would too).
   */
  const readingPastTheLease =
    (whileReading: () => Promise<void>): ReadMemberTier =>
    async () => {
      clock.advance(61_000);
      await store.db.updateTable("member_tier_roles").set({ lease_expires_at: 1 }).execute();
      await whileReading();
      return { tier: "master", rating: 2010 };
    };

  async function queue(userId: string, change: { rating: number; tier: string | undefined }) {
    clock.advance(1000);
    await queueMemberRating(store.db, {
      guildId: discord.guild.id,
      userId,
      platformUserId: "usr_alice",
      ...change,
      ratedAt: clock.now(),
      cause: "rating",
      now: clock.now(),
    });
  }

  it("gives back the role of the tier a member returned to while the sync that took it ran", async () => {
    const now = clock.now();
    await mapTiersToNewRoles(store.db, discord, ["Gold", "Master"], now);
    const alice = discord.fake.createMember(discord.guild.id, { username: "alice" }).id;
    await queue(alice, { rating: 2010, tier: "master" });
    expect(await createWorker(nothingRead).runOnce()).toEqual(["synced"]);
    expect(roleNames(alice)).toEqual(["Master"]);

    // A loss without its tier (a server's own endpoint, say): the worker reads the tier with alice's own
    // credential, and while it does, the operator's next event puts her back in master.
    await queue(alice, { rating: 1990, tier: undefined });
    const readingGold: ReadMemberTier = async () => {
      await queue(alice, { rating: 2015, tier: "master" });
      return { tier: "gold", rating: 1990 };
    };
    expect(await createWorker(readingGold).runOnce()).toEqual(["superseded"]);
    expect(roleNames(alice)).toEqual(["Gold"]);

    expect(await createWorker(nothingRead).runOnce()).toEqual(["synced"]);
    expect(roleNames(alice)).toEqual(["Master"]);
  });

  it("reads the member again when its own change reached Discord after its lease passed to another instance", async () => {
    await mapTiersToNewRoles(store.db, discord, ["Gold", "Master"], clock.now());
    const alice = discord.fake.createMember(discord.guild.id, { username: "alice" }).id;
    const other = createWorker(nothingRead, "worker-2");
    await queue(alice, { rating: 2010, tier: undefined });
    // A newer change comes meanwhile, and instance 2 syncs it.
    const slowRead = readingPastTheLease(async () => {
      await queue(alice, { rating: 1990, tier: "gold" });
      expect(await other.runOnce()).toEqual(["synced"]);
      expect(roleNames(alice)).toEqual(["Gold"]);
    });
    expect(await createWorker(slowRead).runOnce()).toEqual(["superseded"]);
    expect(roleNames(alice)).toEqual(["Master"]);

    // Its late change made the row's last sync untrue: the row is due again, and the next sync reads her.
    expect(await other.runOnce()).toEqual(["synced"]);
    expect(roleNames(alice)).toEqual(["Gold"]);
  });

  it("takes back its late change from a member who unlinked while it ran, whose row the unlink's sync removed", async () => {
    await mapTiersToNewRoles(store.db, discord, ["Gold", "Master"], clock.now());
    const alice = discord.fake.createMember(discord.guild.id, { username: "alice" }).id;
    const other = createWorker(nothingRead, "worker-2");
    await queue(alice, { rating: 2010, tier: undefined });
    // Alice unlinks meanwhile, and instance 2 runs the removal, which deletes her row once done.
    const slowRead = readingPastTheLease(async () => {
      await queueMemberUnlink(store.db, { guildId: discord.guild.id, userId: alice, now: clock.now() });
      expect(await other.runOnce()).toEqual(["synced"]);
      expect(
        await findMemberTierRole(store.db, { guildId: discord.guild.id, userId: alice }),
      ).toBeUndefined();
    });
    expect(await createWorker(slowRead).runOnce()).toEqual(["superseded"]);
    expect(roleNames(alice)).toEqual(["Master"]);

    expect(await other.runOnce()).toEqual(["synced"]);
    expect(roleNames(alice)).toEqual([]);
  });
});
