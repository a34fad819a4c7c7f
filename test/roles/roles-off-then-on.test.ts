// docs/architecture.md, "Tier roles": `/setup roles off` stops the changes in Discord, but what members'
// rows say (their account, rating and tier) keeps following the platform, so `/setup roles sync` turning roles
// back on gives each member the role of the tier they hold now, not the one they held when roles went off.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import type { BotDependencies } from "../../src/commands/bot-dependencies.js";
import { renderTierRoleSync } from "../../src/commands/setup/render-tier-roles.js";
import { mapTierToRole } from "../../src/commands/setup/sub/roles/map.js";
import { turnOffTierRoles } from "../../src/commands/setup/sub/roles/off.js";
import { syncTierRoles } from "../../src/commands/setup/sub/roles/sync.js";
import { saveLinkedAccount } from "../../src/linking/save-linked-account.js";
import { createLogger } from "../../src/logger.js";
import type { RoleWorker } from "../../src/roles/role-worker.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { dropGuildRoleQueue } from "../../src/store/guild-role-queue.js";
import { deleteMemberLink } from "../../src/store/member-links.js";
import { queueMemberUnlink, queueRatingOfPlatformUser } from "../../src/store/member-tier-roles.js";
import { mapTierRole } from "../../src/store/tier-roles.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";
import { useFakeGuild } from "../support/fake-guild.js";
import { mapTiersToNewRoles } from "./support/map-tier-roles.js";
import { createTestSecretBox } from "../store/secret-box-fixture.js";

const secretBox = createTestSecretBox();

describe.each(testDatabases())("tier roles turned off and on again on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  const discord = useFakeGuild({ permissions: ["ManageRoles"] });

  const createWorker = (): RoleWorker =>
    createTestRoleWorker({
      db: store.db,
      rest: discord.rest,
      clock,
      applicationId: discord.fake.applicationId,
    });
  // Platform OAuth off: these links are API keys, which a re-link never revokes.
  const deps = () => ({
    db: store.db,
    clock,
    secretBox,
    config: loadConfig({}, "migrate"),
    logger: createLogger({ level: "silent" }),
  });
  const roleNames = (userId: string) =>
    discord.fake.roles.ofMember(discord.guild.id, userId).map((role) => role.name);

  /** Gold and Master mapped, and alice linked to `usr_alice` at gold, holding Gold. */
  async function aliceHoldsGold(): Promise<string> {
    const now = clock.now();
    await mapTiersToNewRoles(store.db, discord, ["Gold", "Master"], now);
    const alice = discord.fake.createMember(discord.guild.id, { username: "alice" });
    await linkAs(alice.id, { id: "usr_alice", username: "alice", rating: 1450, tier: "Gold" });
    expect(await createWorker().runOnce()).toEqual(["synced"]);
    expect(roleNames(alice.id)).toEqual(["Gold"]);
    return alice.id;
  }

  async function linkAs(
    userId: string,
    user: { id: string; username: string; rating: number; tier: string },
  ): Promise<void> {
    const link = {
      guildId: discord.guild.id,
      userId,
      platformUserId: user.id,
      platformUsername: user.username,
    };
    const credential = { accessToken: `key_${user.username}` };
    await saveLinkedAccount(
      deps(),
      { ...link, credentialKind: "api_key", credential, now: clock.now() },
      {
        ...user,
        email: undefined,
        joinedAt: undefined,
        displayName: undefined,
        bio: undefined,
        location: undefined,
        website: undefined,
      },
    );
  }

  /** `/setup roles off`'s writes (src/commands/setup/sub/roles/off.ts). */
  async function turnOff(): Promise<void> {
    await store.db.transaction().execute(async (trx) => {
      await saveRoleSyncMode(trx, { guildId: discord.guild.id, mode: "off", now: clock.now() });
      await dropGuildRoleQueue(trx, discord.guild.id);
    });
  }

  async function turnOnAgain(): Promise<void> {
    await syncTierRoles(deps(), discord.guild.id, { sleep: () => Promise.resolve(), windowMs: 0 });
    await createWorker().runOnce();
  }

  it("gives the tier a member was promoted to while roles were off", async () => {
    const alice = await aliceHoldsGold();
    await turnOff();
    clock.advance(60_000);
    // What the ingest of the operator's user.rating_changed writes (src/roles/queue-tier-roles.ts).
    await queueRatingOfPlatformUser(store.db, {
      guildId: undefined,
      platformUserId: "usr_alice",
      rating: 2105,
      tier: "master",
      ratedAt: clock.now(),
      now: clock.now(),
    });

    clock.advance(60_000);
    await turnOnAgain();
    expect(roleNames(alice)).toEqual(["Master"]);
  });

  it("gives the tier of the account a member linked while roles were off", async () => {
    const alice = await aliceHoldsGold();
    await turnOff();
    clock.advance(60_000);
    await linkAs(alice, { id: "usr_alt", username: "alt", rating: 2105, tier: "Master" });

    clock.advance(60_000);
    await turnOnAgain();
    expect(roleNames(alice)).toEqual(["Master"]);
  });

  it("takes the role of a member who unlinked just before roles went off, once they are on again", async () => {
    const alice = await aliceHoldsGold();
    // The unlink's removal is queued (src/linking/unlink-member.ts); roles go off before the worker runs it.
    await deleteMemberLink(store.db, { guildId: discord.guild.id, userId: alice });
    await queueMemberUnlink(store.db, { guildId: discord.guild.id, userId: alice, now: clock.now() });
    await turnOff();
    expect(roleNames(alice)).toEqual(["Gold"]);

    clock.advance(60_000);
    await turnOnAgain();
    expect(roleNames(alice)).toEqual([]);
  });

  it.each([
    ["create", "new tiers get a role automatically"],
    ["map", "new tiers get no role until you map them"],
  ] as const)("turns a server that was in %s mode back on in that mode, and says so", async (mode, said) => {
    const guildId = discord.guild.id;
    await saveRoleSyncMode(store.db, { guildId, mode, now: clock.now() });
    await mapTierRole(store.db, {
      guildId,
      tier: "gold",
      roleId: "1",
      createdByBot: false,
      now: clock.now(),
    });
    await turnOffTierRoles({ db: store.db, clock } as unknown as BotDependencies, guildId);
    clock.advance(60_000);

    const outcome = await syncTierRoles(deps(), guildId, { sleep: () => Promise.resolve(), windowMs: 0 });
    expect((await findGuildRoleSettings(store.db, guildId))?.mode).toBe(mode);
    expect(renderTierRoleSync(outcome)).toContain(`Tier roles were off; they are on again: ${said}`);
  });

  it("turns a server turned off in create mode back on in create mode when a tier is mapped, and says so", async () => {
    const guildId = discord.guild.id;
    await saveRoleSyncMode(store.db, { guildId, mode: "create", now: clock.now() });
    await turnOffTierRoles({ db: store.db, clock } as unknown as BotDependencies, guildId);
    clock.advance(60_000);
    const gold = discord.fake.roles.create(guildId, { name: "Gold", position: 1 });

    const answer = await mapTierToRole(
      {
        ...deps(),
        rest: discord.rest,
        applicationId: discord.fake.applicationId,
      } as unknown as BotDependencies,
      { guildId, tier: "gold", roleId: gold.id },
    );
    expect((await findGuildRoleSettings(store.db, guildId))?.mode).toBe("create");
    expect(answer).toContain("Tier roles were off; they are on again: new tiers get a role automatically");
  });
});
