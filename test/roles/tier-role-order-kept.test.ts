// docs/architecture.md, "Tier roles": create mode orders its roles just below the bot's when it makes them,
// but a background pass (daily, and each `/setup roles sync`) that makes none leaves the server's role list
// as its admins arranged it. Against the fake Discord's roles with a migrated database and a manual clock.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { queueGuildSync } from "../../src/roles/queue-guild-sync.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { listTierRoles, mapTierRole } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";

describe.each(testDatabases())("tier roles arranged by hand on $name", (database) => {
  const store = useMigratedStore(database);
  const clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
  let fake: FakeDiscord;
  let guild: FakeGuild;
  let rest: REST;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    guild = fake.createGuild({ name: "Arena" });
    fake.roles.grantBot(guild.id, ["ManageRoles"]);
    rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    await saveRoleSyncMode(store.db, { guildId: guild.id, mode: "create", now: clock.now() });
    for (const [tier, rating] of [
      ["gold", 1500],
      ["master", 2000],
    ] as const) {
      clock.advance(1);
      await recordTierSighting(store.db, { tier, rating, now: clock.now() });
    }
  });
  afterEach(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  const worker = () => createTestRoleWorker({ db: store.db, rest, clock, applicationId: fake.applicationId });
  /** The roles below the bot's, highest first. */
  const orderBelowBot = () => {
    const bot = fake.roles.botRole(guild.id);
    return fake.roles
      .list(guild.id)
      .filter((role) => role.position < bot.position && role.id !== guild.id)
      .sort((a, b) => b.position - a.position)
      .map((role) => role.name);
  };

  it("keeps a role an admin moved above the tier roles where it is, pass after pass", async () => {
    // The server's roles as its admins arranged them: the bot's on top, then Moderator (for its colour),
    // then the tier roles the bot made, in rating order.
    const gold = fake.roles.create(guild.id, { name: "Gold", position: 1 });
    const master = fake.roles.create(guild.id, { name: "Master", position: 1 });
    const moderator = fake.roles.create(guild.id, { name: "Moderator", position: 1 });
    for (const [index, role] of [gold, master, moderator, fake.roles.botRole(guild.id)].entries())
      fake.roles.move(guild.id, role.id, index + 1);
    for (const [tier, role] of [
      ["gold", gold],
      ["master", master],
    ] as const) {
      await mapTierRole(store.db, {
        guildId: guild.id,
        tier,
        roleId: role.id,
        createdByBot: true,
        now: clock.now(),
      });
    }
    expect(orderBelowBot()).toEqual(["Moderator", "Master", "Gold"]);

    // The daily pass (as /setup roles sync) looks for tiers without a role, and finds none to make.
    clock.advance(25 * 60 * 60 * 1000);
    await queueGuildSync(store.db, { guildId: guild.id, now: clock.now(), resume: false });
    await worker().runOnce();

    expect(orderBelowBot()).toEqual(["Moderator", "Master", "Gold"]);
    expect((await listTierRoles(store.db, guild.id)).map((mapping) => mapping.roleId).sort()).toEqual(
      [gold.id, master.id].sort(),
    );
  });
});
