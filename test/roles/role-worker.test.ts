// docs/architecture.md, "Tier roles": the role worker against the fake Discord's roles, with a migrated
// database and a manual clock. Each case is one row of the policy table, plus create mode and tier look-ups.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import type { TierReading } from "../../src/roles/read-member-tier.js";
import type { RoleWorker } from "../../src/roles/role-worker.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import {
  findGuildRoleSettings,
  resumeRoleSync,
  saveRoleSyncMode,
} from "../../src/store/guild-role-settings.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { findMemberTierRole, queueMemberRating } from "../../src/store/member-tier-roles.js";
import { queueGuildRoleSync } from "../../src/store/guild-role-queue.js";
import { listTierRoles, mapTierRole } from "../../src/store/tier-roles.js";
import { listTiers, recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore, type TestDatabase } from "../store/databases.js";

const sqliteInMemory = testDatabases()[0] as TestDatabase;

describe("the tier role worker", () => {
  const store = useMigratedStore(sqliteInMemory);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let guild: FakeGuild;
  let rest: REST;
  let adminChannel: string;
  let readings: Map<string, TierReading | undefined>;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["ManageRoles"]);
    adminChannel = fake.createChannel(guild.id, { name: "admins" }).id;
    await saveAdminChannel(store.db, { guildId: guild.id, adminChannelId: adminChannel, now: clock.now() });
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    readings = new Map();
  });
  afterEach(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  function createWorker(): RoleWorker {
    return createTestRoleWorker({
      db: store.db,
      rest,
      clock,
      applicationId: fake.applicationId,
      readMemberTier: (member) => Promise.resolve(readings.get(member.userId)),
    });
  }

  async function mapTiers(): Promise<{ gold: string; master: string }> {
    // Made by hand below the bot's role, as an admin would before /setup roles map.
    const gold = fake.roles.create(guild.id, { name: "Gold", position: 1 });
    const master = fake.roles.create(guild.id, { name: "Master", position: 1 });
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "map", now: clock.now() });
    for (const [tier, roleId] of [
      ["gold", gold.id],
      ["master", master.id],
    ] as const) {
      await mapTierRole(store.db, { guildId: guild.id, tier, roleId, createdByBot: false, now: clock.now() });
    }
    return { gold: gold.id, master: master.id };
  }

  const queue = (userId: string, overrides: Partial<Parameters<typeof queueMemberRating>[1]> = {}) =>
    queueMemberRating(store.db, {
      guildId: guild.id,
      userId,
      platformUserId: `usr_${userId}`,
      rating: 2105,
      tier: "master",
      ratedAt: clock.now(),
      cause: "rating",
      now: clock.now(),
      ...overrides,
    });
  const roleNames = (userId: string) => fake.roles.ofMember(guild.id, userId).map((role) => role.name);
  const adminNotices = () => fake.messages(adminChannel).map((message) => message.content);

  it("gives the tier's role and takes the other tier role, saying why, and a redo changes nothing", async () => {
    const { gold } = await mapTiers();
    const alice = fake.createMember(guild.id, { username: "alice", roleIds: [gold] });
    await queue(alice.id);

    expect(await createWorker().runOnce()).toEqual(["synced"]);
    expect(roleNames(alice.id)).toEqual(["Master"]);
    const entries = fake.roles.auditLog(guild.id).filter((entry) => entry.targetId === alice.id);
    expect(entries.map((entry) => [entry.changes[0]?.key, entry.reason])).toEqual([
      ["$add", "rating 2105 → tier master"],
      ["$remove", "rating 2105 → tier master"],
    ]);

    await queueGuildRoleSync(store.db, { guildId: guild.id, cause: "sync", now: clock.now() });
    expect(await createWorker().runOnce()).toEqual(["synced"]);
    expect(fake.roles.auditLog(guild.id).filter((entry) => entry.targetId === alice.id)).toHaveLength(2);
    expect(await findMemberTierRole(store.db, { guildId: guild.id, userId: alice.id })).toMatchObject({
      pending: false,
      rolesAdded: 0,
      rolesRemoved: 0,
      syncedTier: "master",
    });
  });

  it("unmaps a role Discord says was deleted, tells the admins, and syncs the member without it", async () => {
    const { master } = await mapTiers();
    const alice = fake.createMember(guild.id, { username: "alice" });
    // An admin deletes the role in Discord; the bot's mapping still names it.
    fake.roles.delete(guild.id, master);
    await queue(alice.id);

    const worker = createWorker();
    expect(await worker.runOnce()).toEqual(["unmapped"]);
    expect((await listTierRoles(store.db, guild.id)).map((mapping) => mapping.tier)).toEqual(["gold"]);
    expect(adminNotices()).toEqual([expect.stringContaining("The role for tier **Master** was deleted")]);
    expect((await findGuildRoleSettings(store.db, guild.id))?.lastProblem).toContain("master");
    expect(await worker.runOnce()).toEqual(["synced"]);
  });

  it("in create mode makes a deleted tier role again at once, and tells the admins so", async () => {
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "create", now: clock.now() });
    await recordTierSighting(store.db, { tier: "master", rating: 2105, now: clock.now() });
    expect(await createWorker().runOnce()).toEqual([]);
    const made = (await listTierRoles(store.db, guild.id))[0]?.roleId ?? "";
    const alice = fake.createMember(guild.id, { username: "alice" });
    fake.roles.delete(guild.id, made);
    clock.advance(1_000);
    await queue(alice.id);

    const worker = createWorker();
    expect(await worker.runOnce()).toEqual(["unmapped"]);
    expect(adminNotices()).toEqual([
      expect.stringContaining("The role for tier **Master** was deleted, so I am making it a new one"),
    ]);
    expect(await worker.runOnce()).toEqual(["synced"]);
    expect(roleNames(alice.id)).toEqual(["Master"]);
    expect((await listTierRoles(store.db, guild.id))[0]?.roleId).not.toBe(made);
  });

  it("skips a member who left the server", async () => {
    await mapTiers();
    await queue("999999999999999999");
    expect(await createWorker().runOnce()).toEqual(["skipped"]);
    expect(
      await findMemberTierRole(store.db, { guildId: guild.id, userId: "999999999999999999" }),
    ).toMatchObject({
      pending: false,
    });
  });

  it("pauses without Manage Roles, names the permission to grant once, and resumes after the fix", async () => {
    await mapTiers();
    const alice = fake.createMember(guild.id, { username: "alice" });
    const bob = fake.createMember(guild.id, { username: "bob" });
    await queue(alice.id);
    await queue(bob.id);
    fake.roles.revokeFromBot(guild.id, ["ManageRoles"]);

    const worker = createWorker();
    expect((await worker.runOnce()).sort()).toEqual(["paused", "paused"]);
    const botRole = fake.roles.botRole(guild.id);
    expect(adminNotices()).toEqual([
      `I paused tier roles: I lack the **Manage Roles** permission. In Server Settings → Roles, give my role <@&${botRole.id}> Manage Roles, then run \`/setup roles sync\` to resume.`,
    ]);
    expect(await worker.runOnce()).toEqual([]);

    fake.roles.grantBot(guild.id, ["ManageRoles"]);
    await resumeRoleSync(store.db, { guildId: guild.id, now: clock.now() });
    expect(await worker.runOnce()).toEqual(["synced", "synced"]);
    expect(roleNames(alice.id)).toEqual(["Master"]);
  });

  it("reads the tier with the member's own credential when the rating came without it, and learns it", async () => {
    await mapTiers();
    const alice = fake.createMember(guild.id, { username: "alice" });
    readings.set(alice.id, { tier: "Gold", rating: 1450 });
    await queue(alice.id, { tier: undefined, rating: 1450 });

    expect(await createWorker().runOnce()).toEqual(["synced"]);
    expect(roleNames(alice.id)).toEqual(["Gold"]);
    expect((await listTiers(store.db)).map((tier) => [tier.tier, tier.lowestRating])).toEqual([
      ["gold", 1450],
    ]);
  });

  it("makes a role for a tier seen for the first time in create mode, then gives it", async () => {
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "create", now: clock.now() });
    clock.advance(1);
    await recordTierSighting(store.db, { tier: "legend", rating: 2800, now: clock.now() });
    const alice = fake.createMember(guild.id, { username: "alice" });
    await queue(alice.id, { tier: "legend", rating: 2800 });
    clock.advance(1);

    await createWorker().runOnce();
    const legend = fake.roles.find(guild.id, "Legend");
    expect(legend).toBeDefined();
    expect(
      (await listTierRoles(store.db, guild.id)).map((mapping) => [mapping.tier, mapping.roleId]),
    ).toEqual([["legend", legend?.id]]);
    expect((await findGuildRoleSettings(store.db, guild.id))?.tiersPending).toBe(false);
    await createWorker().runOnce();
    expect(roleNames(alice.id)).toEqual(["Legend"]);
  });
});
