// docs/architecture.md, "Tier roles", "Growing past one machine": a server's role making is leased, and a
// worker whose lease ended while it waited on Discord makes no role: another worker holds the work by then, and
// both making it would leave the server two roles of one tier. On SQLite, whose lease clock is the test's.
import { beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { RoleWorker } from "../../src/roles/role-worker.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";
import { useFakeGuild } from "../support/fake-guild.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;
const leaseMs = 60_000;

describe("making the roles of new tiers when a worker's lease ends while it waits on Discord", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  beforeEach(async () => {
    await saveRoleSyncMode(store.db, { guildId: discord.guild.id, mode: "create", now: clock.now() });
    clock.advance(1);
    await recordTierSighting(store.db, { tier: "legend", rating: 2800, now: clock.now() });
    clock.advance(1);
  });

  function createWorker(owner: string, workerLeaseMs = leaseMs): RoleWorker {
    const rest = discord.newClient();
    return createTestRoleWorker({
      db: store.db,
      rest,
      clock,
      applicationId: discord.fake.applicationId,
      owner,
      leaseMs: workerLeaseMs,
    });
  }

  it("makes the role once when another worker took the work over meanwhile", async () => {
    // Both workers read the server's roles before either makes one, as two instances do at once.
    const reads = discord.fake.holdResponses("GET", new RegExp(`^/guilds/${discord.guild.id}/roles$`));
    const first = createWorker("worker-1").runOnce();
    await reads.waitForCaught(1);
    clock.advance(leaseMs + 1);
    const second = createWorker("worker-2").runOnce();
    await reads.waitForCaught(2);
    reads.release();
    await Promise.all([first, second]);

    expect(discord.fake.roles.list(discord.guild.id).filter((role) => role.name === "Legend")).toHaveLength(
      1,
    );
    expect((await listTierRoles(store.db, discord.guild.id)).map((mapping) => mapping.tier)).toEqual([
      "legend",
    ]);
    expect(await findGuildRoleSettings(store.db, discord.guild.id)).toMatchObject({ tiersPending: false });
  });

  it.each([
    // The first worker reaches its create a second before its lease ends; the second comes just after it.
    { lease: "the outbox's", workerLeaseMs: leaseMs, secondComesAfterMs: 2000 },
    // OUTBOX_LEASE_SECONDS of 20: renewed for 20 s, the lease would end while the client may still hold the
    // create (up to 40 s); it is renewed for 45 s at least.
    { lease: "a short", workerLeaseMs: 20_000, secondComesAfterMs: 25_000 },
  ])(
    "renews $lease lease for each role it makes, so a create sent late in it is not made twice",
    async ({ workerLeaseMs, secondComesAfterMs }) => {
      // Discord is slow to take the first worker's create.
      const reads = discord.fake.holdResponses("GET", new RegExp(`^/guilds/${discord.guild.id}/roles$`));
      const creates = discord.fake.holdRequests("POST", new RegExp(`^/guilds/${discord.guild.id}/roles$`));
      const first = createWorker("worker-1", workerLeaseMs).runOnce();
      await reads.waitForCaught(1);
      clock.advance(workerLeaseMs - 1000);
      reads.release();
      await creates.waitForCaught(1);
      // Past the lease as first claimed: a worker that finds it free reads no role yet and makes one.
      clock.advance(secondComesAfterMs);
      const second = createWorker("worker-2", workerLeaseMs).runOnce();
      await Promise.race([second, creates.waitForCaught(2)]);
      creates.release();
      await Promise.all([first, second]);

      expect(discord.fake.roles.list(discord.guild.id).filter((role) => role.name === "Legend")).toHaveLength(
        1,
      );
      expect((await listTierRoles(store.db, discord.guild.id)).map((mapping) => mapping.tier)).toEqual([
        "legend",
      ]);
    },
  );
});
