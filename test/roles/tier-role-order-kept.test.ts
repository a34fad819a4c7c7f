// docs/architecture.md, "Tier roles": create mode orders its roles just below the bot's when it makes them,
// but a background pass (daily, and each `/setup roles sync`) that makes none leaves the server's role list
// as its admins arranged it, unless a pass before made a role whose move Discord failed (a 5xx). Against the
// fake Discord's roles with a migrated database and a manual clock.
import { REST } from "@discordjs/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type FakeGuild } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { queueGuildSync } from "../../src/roles/queue-guild-sync.js";
import { compareRolesHighestFirst, isRoleBelow } from "../../src/roles/role-order.js";
import { createTestRoleWorker } from "./support/test-role-worker.js";
import { findGuildRoleSettings, saveRoleSyncMode } from "../../src/store/guild-role-settings.js";
import { listTierRoles, mapTierRole } from "../../src/store/tier-roles.js";
import { recordTierSighting } from "../../src/store/tiers.js";
import { testDatabases, useMigratedStore } from "../store/databases.js";

const roleMoves = "PATCH /guilds/:guildId/roles";

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
    fake.setRouteOutage(roleMoves, false);
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

  const requests = (route: string) => fake.stats.requestsByRoute.get(route) ?? 0;
  /** The roles below the bot's as Discord ranks them (equal positions by age), highest first. */
  const rankedBelowBot = () => {
    const bot = fake.roles.botRole(guild.id);
    return fake.roles
      .list(guild.id)
      .filter((role) => role.id !== guild.id && isRoleBelow(role, bot))
      .sort(compareRolesHighestFirst)
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

  it("orders a role it made once Discord lets it, though the pass that orders it makes none", async () => {
    // The bot's role stands at 4, high enough for the roles below it to be renumbered beneath it: the roles that
    // stood below it then are gone.
    const gone = ["Old 1", "Old 2", "Old 3"].map((name) =>
      fake.roles.create(guild.id, { name, position: 1 }),
    );
    fake.roles.move(guild.id, fake.roles.botRole(guild.id).id, 4);
    for (const role of gone) fake.roles.delete(guild.id, role.id);
    expect(fake.roles.botRole(guild.id).position).toBe(4);
    await worker().runOnce();
    expect(rankedBelowBot()).toEqual(["Master", "Gold"]);

    // A tier between the two: its role is made at the bottom, and Discord fails the move into place.
    fake.setRouteOutage(roleMoves, true);
    clock.advance(1);
    await recordTierSighting(store.db, { tier: "platinum", rating: 1750, now: clock.now() });
    const movesBefore = requests(roleMoves);
    await worker().runOnce();
    expect(rankedBelowBot()).toEqual(["Master", "Gold", "Platinum"]);
    expect(requests(roleMoves)).toBeGreaterThan(movesBefore);
    expect(await findGuildRoleSettings(store.db, guild.id)).toMatchObject({
      tiersPending: true,
      lastProblem: expect.stringContaining("ordering the tier roles by rating failed (503") as unknown,
    });

    // Discord is back: the next pass, past the backoff, makes nothing and still puts Platinum in its place.
    fake.setRouteOutage(roleMoves, false);
    clock.advance(60_000);
    await worker().runOnce();
    expect(rankedBelowBot()).toEqual(["Master", "Platinum", "Gold"]);
    expect(await findGuildRoleSettings(store.db, guild.id)).toMatchObject({ tiersPending: false });
    expect((await listTierRoles(store.db, guild.id)).map((mapping) => mapping.tier).sort()).toEqual([
      "gold",
      "master",
      "platinum",
    ]);

    // Owed no more: an order the admins give the roles after that is theirs again.
    const platinum = fake.roles.list(guild.id).find((role) => role.name === "Platinum");
    if (platinum === undefined) throw new Error("the fake has no Platinum role");
    fake.roles.move(guild.id, platinum.id, 1);
    clock.advance(25 * 60 * 60 * 1000);
    await queueGuildSync(store.db, { guildId: guild.id, now: clock.now(), resume: false });
    await worker().runOnce();
    expect(rankedBelowBot()).toEqual(["Master", "Gold", "Platinum"]);
  });
});
