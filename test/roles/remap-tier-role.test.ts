// docs/architecture.md, "Tier roles": `/setup roles map` giving a tier another role moves the members the bot
// gave the old role to onto the new one, and takes the old role from them; it is not left with them for good.
// A role that stands for a tier again, or is the reminder role, is not taken. The drop is noted only on the
// rows of members who may hold the role, and forgotten once it no longer applies or the member is synced.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import type { BotDependencies } from "../../src/commands/bot-dependencies.js";
import { mapTierToRole } from "../../src/commands/setup/sub/roles/map.js";
import { saveLinkedAccount } from "../../src/linking/save-linked-account.js";
import { createLogger } from "../../src/logger.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { UserFacingError } from "../../src/discord/user-facing-error.js";
import { findMemberTierRole, queueMemberRating } from "../../src/store/member-tier-roles.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";
import { useFakeGuild } from "../support/fake-guild.js";

const secretBox = createTestSecretBox();

describe.each(testDatabases())("a tier mapped to another role on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  const deps = () =>
    ({
      db: store.db,
      clock,
      secretBox,
      rest: discord.rest,
      applicationId: discord.fake.applicationId,
      logger: createLogger({ level: "silent" }),
    }) as unknown as BotDependencies;
  const runWorker = () =>
    createTestRoleWorker({
      db: store.db,
      rest: discord.rest,
      clock,
      applicationId: discord.fake.applicationId,
    }).runOnce();
  const roleNames = (userId: string) =>
    discord.fake.roles
      .ofMember(discord.guild.id, userId)
      .map((role) => role.name)
      .sort();

  async function linkAliceAtGold(): Promise<string> {
    return linkMember("alice", 1450, "Gold");
  }

  async function linkMember(username: string, rating: number, tier: string): Promise<string> {
    const member = discord.fake.createMember(discord.guild.id, { username });
    await saveLinkedAccount(
      deps(),
      {
        guildId: discord.guild.id,
        userId: member.id,
        platformUserId: `usr_${username}`,
        platformUsername: username,
        credentialKind: "api_key",
        credential: { accessToken: `key_${username}` },
        now: clock.now(),
      },
      {
        id: `usr_${username}`,
        username,
        rating,
        tier,
        email: undefined,
        joinedAt: undefined,
        displayName: undefined,
        bio: undefined,
        location: undefined,
        website: undefined,
      },
    );
    return member.id;
  }

  it("takes the old role from the members it gave it to and gives them the new one", async () => {
    const guildId = discord.guild.id;
    const old = discord.fake.roles.create(guildId, { name: "Old Gold", position: 1 });
    const fresh = discord.fake.roles.create(guildId, { name: "New Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    const alice = await linkAliceAtGold();
    await runWorker();
    expect(roleNames(alice)).toEqual(["Old Gold"]);

    clock.advance(60_000);
    const answer = await mapTierToRole(deps(), { guildId, tier: "gold", roleId: fresh.id });
    expect(answer).toContain(`I take <@&${old.id}> from the members I gave it to`);
    await runWorker();
    expect(roleNames(alice)).toEqual(["New Gold"]);
  });

  it("refuses a role that already stands for another tier, which keeps it", async () => {
    const guildId = discord.guild.id;
    const gold = discord.fake.roles.create(guildId, { name: "Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: gold.id });

    const refused = mapTierToRole(deps(), { guildId, tier: "master", roleId: gold.id });
    await expect(refused).rejects.toBeInstanceOf(UserFacingError);
    await expect(refused).rejects.toThrow(
      `<@&${gold.id}> is already tier **Gold**'s role, and one role stands for one tier.`,
    );
    expect(await listTierRoles(store.db, guildId)).toMatchObject([{ tier: "gold", roleId: gold.id }]);
  });

  it("leaves the old role with them when it stands for another tier by the time they are synced", async () => {
    const guildId = discord.guild.id;
    const old = discord.fake.roles.create(guildId, { name: "Old Gold", position: 1 });
    const fresh = discord.fake.roles.create(guildId, { name: "New Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    const alice = await linkAliceAtGold();
    await runWorker();

    clock.advance(60_000);
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: fresh.id });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    await runWorker();
    expect(roleNames(alice)).toEqual(["Old Gold"]);
  });

  it("leaves the role with them when it stood for the tier again and the tier is then mapped to no role", async () => {
    const guildId = discord.guild.id;
    const old = discord.fake.roles.create(guildId, { name: "Old Gold", position: 1 });
    const fresh = discord.fake.roles.create(guildId, { name: "New Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    const alice = await linkAliceAtGold();
    await runWorker();

    clock.advance(60_000);
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: fresh.id });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: undefined });
    await runWorker();
    expect(roleNames(alice)).toEqual(["Old Gold"]);
  });

  it("notes the old role only on the rows of members who may hold it", async () => {
    const guildId = discord.guild.id;
    const old = discord.fake.roles.create(guildId, { name: "Old Gold", position: 1 });
    const silver = discord.fake.roles.create(guildId, { name: "Silver", position: 1 });
    const fresh = discord.fake.roles.create(guildId, { name: "New Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    await mapTierToRole(deps(), { guildId, tier: "silver", roleId: silver.id });
    const alice = await linkAliceAtGold();
    const bob = await linkMember("bob", 1150, "Silver");
    await runWorker();
    expect(roleNames(bob)).toEqual(["Silver"]);

    clock.advance(60_000);
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: fresh.id });
    expect((await findMemberTierRole(store.db, { guildId, userId: alice }))?.dropRoleIds).toEqual([old.id]);
    expect((await findMemberTierRole(store.db, { guildId, userId: bob }))?.dropRoleIds).toEqual([]);
  });

  it("forgets the old role of a member who left the server before their sync", async () => {
    const guildId = discord.guild.id;
    const old = discord.fake.roles.create(guildId, { name: "Old Gold", position: 1 });
    const fresh = discord.fake.roles.create(guildId, { name: "New Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    const alice = await linkAliceAtGold();
    await runWorker();

    clock.advance(60_000);
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: fresh.id });
    discord.fake.removeMember(guildId, alice);
    await runWorker();
    const row = await findMemberTierRole(store.db, { guildId, userId: alice });
    expect(row?.pending).toBe(false);
    expect(row?.dropRoleIds).toEqual([]);
  });

  it("takes the old role from a member whose sync, running as the tier was mapped again, gave it to them", async () => {
    const guildId = discord.guild.id;
    const silver = discord.fake.roles.create(guildId, { name: "Silver", position: 1 });
    const old = discord.fake.roles.create(guildId, { name: "Old Gold", position: 1 });
    const fresh = discord.fake.roles.create(guildId, { name: "New Gold", position: 1 });
    await mapTierToRole(deps(), { guildId, tier: "silver", roleId: silver.id });
    await mapTierToRole(deps(), { guildId, tier: "gold", roleId: old.id });
    const alice = await linkMember("alice", 1250, "Silver");
    await runWorker();
    expect(roleNames(alice)).toEqual(["Silver"]);

    // A rise whose event names no tier: the sync reads the mappings, then the tier; meanwhile an admin gives
    // gold another role. The sync goes on with the mapping it read, and gives her the old one.
    clock.advance(1000);
    await queueMemberRating(store.db, {
      guildId,
      userId: alice,
      platformUserId: "usr_alice",
      rating: 1450,
      tier: undefined,
      ratedAt: clock.now(),
      cause: "rating",
      now: clock.now(),
    });
    let remapped = false;
    const worker = createTestRoleWorker({
      db: store.db,
      rest: discord.rest,
      clock,
      applicationId: discord.fake.applicationId,
      // Her tier is read with her credential: gold.
      readMemberTier: async () => {
        if (!remapped) {
          remapped = true;
          await mapTierToRole(deps(), { guildId, tier: "gold", roleId: fresh.id });
        }
        return { tier: "gold", rating: 1450 };
      },
    });
    for (let sync = 0; sync < 3; sync += 1) await worker.runOnce();

    expect(roleNames(alice)).toEqual(["New Gold"]);
  });
});
