// docs/architecture.md, "Tier roles", end to end: the real bot, the fake Discord's roles and the sandbox's
// battles and signed webhooks. Once /setup roles create made the roles, a battle moves the winner and the loser
// across a tier boundary, and their tier roles follow in every server where they are linked with roles on, and
// only there; an unlink takes the role; a tier maps to a role of the admin's choosing; a role removed by hand
// comes back on /setup roles sync; a role moved above the bot pauses the sync, the admins are told which role
// to move, and sync resumes after the fix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { startTierRolesWorld, type TierRolesWorld } from "./support/tier-roles-world.js";
import { waitUntil } from "./support/wait-until.js";

describe("tier roles following ratings, end to end", () => {
  let t: TierRolesWorld;

  beforeAll(async () => {
    t = await startTierRolesWorld();
    await t.createTierRoles();
    await t.waitForFirstTierRoles();
  });
  afterAll(async () => {
    await t.world.close();
  });

  it("moves the winner's and the loser's tier roles after a battle, in every server where roles are on", async () => {
    const { world, tina, tom, second, third, platform, tierRoleNames } = t;
    const created = await platform("/battles", tom.key, {
      type: "realtime",
      difficulty: "easy",
      language: "python",
    });
    const battleId = typeof created.id === "string" ? created.id : "";
    expect(battleId).toMatch(/^bat_/);
    await platform(`/battles/${battleId}/join`, tom.key, {});
    await platform(`/battles/${battleId}/join`, tina.key, {});
    await platform(`/battles/${battleId}/submit`, tom.key, { language: "python", code: "print('PASS')" });
    await platform(`/battles/${battleId}/submit`, tina.key, { language: "python", code: "FAIL" });

    for (const guildId of [world.guildId, second]) {
      await waitUntil(
        () =>
          tierRoleNames(guildId, tina.userId).join() === "Diamond" &&
          tierRoleNames(guildId, tom.userId).join() === "Master",
        { timeoutMs: 15_000, what: `the tier roles in ${guildId} to follow the battle` },
      );
    }
    expect(world.discord.roles.ofMember(third, tina.userId).map((role) => role.name)).not.toContain(
      "Diamond",
    );
    const reasons = world.discord.roles.auditLog(world.guildId).map((entry) => entry.reason);
    expect(reasons).toContainEqual(expect.stringMatching(/^rating 20\d\d → tier master$/));
    expect(reasons).toContainEqual(expect.stringMatching(/^rating 19\d\d → tier diamond$/));
  });

  it("takes the tier role of a member who unlinks, in that server only", async () => {
    const { world, tom, second, channelOf, tierRoleNames } = t;
    const unlinked = await world.discord
      .runCommand({ guildId: second, channelId: channelOf(second), userId: tom.userId, name: "unlink" })
      .waitForFinal();
    expect(unlinked.content).toMatch(/unlinked|forgot/i);
    await waitUntil(() => tierRoleNames(second, tom.userId).length === 0, {
      timeoutMs: 10_000,
      what: "tom's tier role to go in the second server",
    });
    expect(tierRoleNames(world.guildId, tom.userId)).toEqual(["Master"]);
  });

  it("gives the tier role again when the member links again", async () => {
    const { tom, second, linkIn, tierRoleNames } = t;
    await linkIn(second, tom);
    await waitUntil(() => tierRoleNames(second, tom.userId).join() === "Master", {
      timeoutMs: 10_000,
      what: "tom's tier role to come back in the second server",
    });
  });

  it("offers the tiers it learned, maps one to a role of the admin's choosing, and refuses a role above the bot", async () => {
    const { world, tina, third, channelOf, setupIn } = t;
    const choices = await world.discord
      .autocomplete({
        guildId: third,
        channelId: channelOf(third),
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "roles",
        subcommand: "map",
        focused: { name: "tier", value: "d" },
      })
      .choices();
    expect(choices).toEqual([
      { name: expect.stringMatching(/^Diamond \(seen at \d+–\d+\)$/), value: "diamond" },
    ]);

    const champions = world.discord.roles.create(third, { name: "Champions", position: 1 });
    const mapped = await setupIn(third, {
      subcommandGroup: "roles",
      subcommand: "map",
      options: { tier: "diamond", role: champions.id },
    });
    expect(mapped.content).toContain(`Members of tier **Diamond** now get <@&${champions.id}>`);
    await waitUntil(
      () => world.discord.roles.ofMember(third, tina.userId).some((role) => role.id === champions.id),
      {
        timeoutMs: 10_000,
        what: "tina to get the mapped role in the third server",
      },
    );

    const lofty = world.discord.roles.create(third, { name: "Lofty" });
    const refused = await setupIn(third, {
      subcommandGroup: "roles",
      subcommand: "map",
      options: { tier: "master", role: lofty.id },
    });
    expect(refused.content).toContain(`<@&${lofty.id}> sits above my role`);
  });

  it("gives back on /setup roles sync a tier role removed by hand, and says so", async () => {
    const { world, tina, setupIn, tierRoleNames } = t;
    const diamond = world.discord.roles.find(world.guildId, "Diamond");
    world.discord.roles.takeFromMember(world.guildId, tina.userId, diamond?.id ?? "");
    expect(tierRoleNames(world.guildId, tina.userId)).toEqual([]);
    const synced = await setupIn(world.guildId, { subcommandGroup: "roles", subcommand: "sync" });
    expect(synced.content).toContain("1 role given");
    expect(tierRoleNames(world.guildId, tina.userId)).toEqual(["Diamond"]);
  });

  it("pauses and tells the admins which role to move when a tier role sits above the bot, then resumes", async () => {
    const { world, tom, adminChannel, setupIn, tierRoleNames } = t;
    const master = world.discord.roles.find(world.guildId, "Master");
    if (master === undefined) throw new Error("no Master role");
    world.discord.roles.takeFromMember(world.guildId, tom.userId, master.id);
    world.discord.roles.moveAboveBot(world.guildId, master.id);

    const paused = await setupIn(world.guildId, { subcommandGroup: "roles", subcommand: "sync" });
    expect(paused.content).toContain("tier roles are paused");
    const notice = await world.discord.waitForMessage(
      adminChannel,
      (message: StoredMessage) => message.content.includes("I paused tier roles"),
      10_000,
    );
    const botRole = world.discord.roles.botRole(world.guildId);
    expect(notice.content).toContain(`<@&${master.id}> sits above my role <@&${botRole.id}>`);
    const notices = world.discord
      .messages(adminChannel)
      .filter((message) => message.content.includes("I paused tier roles"));
    expect(notices).toHaveLength(1);
    const status = await setupIn(world.guildId, { subcommand: "status" });
    expect(JSON.stringify(status.embeds)).toContain("Paused");
    expect(tierRoleNames(world.guildId, tom.userId)).toEqual([]);

    // The admin drags the role back below the bot and resumes.
    world.discord.roles.move(world.guildId, master.id, 1);
    const resumed = await setupIn(world.guildId, { subcommandGroup: "roles", subcommand: "sync" });
    expect(resumed.content).toContain("they run again");
    expect(tierRoleNames(world.guildId, tom.userId)).toEqual(["Master"]);
  });

  it("stops on /setup roles off, leaving the roles given, and says how to remove them", async () => {
    const { world, tom, second, setupIn, tierRoleNames } = t;
    const off = await setupIn(second, { subcommandGroup: "roles", subcommand: "off" });
    const master = world.discord.roles.find(second, "Master");
    expect(off.content).toContain("members keep the ones they have");
    expect(off.content).toMatch(new RegExp(`delete .*<@&${master?.id ?? "none"}>`));
    const before = world.discord.roles.auditLog(second).length;
    await world.bot.roles.runOnce();
    expect(tierRoleNames(second, tom.userId)).toEqual(["Master"]);
    expect(world.discord.roles.auditLog(second)).toHaveLength(before);
  });
});
