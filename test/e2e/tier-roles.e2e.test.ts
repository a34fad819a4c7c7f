// docs/architecture.md, "Tier roles", end to end: the real bot, the fake Discord's roles and the sandbox's
// battles and signed webhooks. After /setup roles create, a battle moves the winner and the loser across a
// tier boundary, and their tier roles follow in every server where they are linked with roles on, and only
// there; an unlink takes the role; a role removed by hand comes back on /setup roles sync; a role moved above
// the bot pauses the sync, the admins are told which role to move, and sync resumes after the fix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { isEphemeral } from "../../fake-discord/messages/message-types.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { setUpAdminStanding } from "./support/admin-standing.js";
import { createGuildWithCommands } from "./support/guild-with-commands.js";
import { operatorSecret, registerOperatorWebhook } from "./support/operator-webhook.js";
import { callPlatformApi } from "./support/platform-api.js";
import { createRatedPlayer, type Player } from "./support/rated-players.js";
import { waitUntil } from "./support/wait-until.js";

describe("tier roles, end to end", () => {
  let world: EndToEnd;
  let tina: Player;
  let tom: Player;
  /** A second server where both are linked and roles are on; a third where tina is linked, roles off. */
  let second: string;
  let third: string;
  let adminChannel: string;
  const channels = new Map<string, string>();

  /** `/setup …` as the admin, in the guild's channel. */
  const setupIn = (guildId: string, extra: Record<string, unknown>) =>
    world.discord
      .runCommand({
        guildId,
        channelId: channelOf(guildId),
        userId: world.members.admin.id,
        name: "setup",
        ...extra,
      })
      .waitForFinal();
  const tierRoleNames = (guildId: string, userId: string): string[] =>
    world.discord.roles
      .ofMember(guildId, userId)
      .map((role) => role.name)
      .filter((name) => ["Diamond", "Master"].includes(name));

  async function linkIn(guildId: string, player: Player): Promise<void> {
    const place = { guildId, channelId: channelOf(guildId) };
    expect(await linkMember(world, player.userId, player.key, place)).toMatch(/^Linked as/);
  }

  const platform = async (path: string, key: string, body?: unknown) =>
    (await (await callPlatformApi(world, key, path, { body })).json()) as Record<string, unknown>;

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
    // Just above and just below the master boundary (2000): one battle swaps their tiers.
    tina = await createRatedPlayer(world, "tina", 2005);
    tom = await createRatedPlayer(world, "tom", 1995);
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);

    [second, third] = [await addGuild("Second"), await addGuild("Third")];
    for (const guildId of [second, third]) {
      world.discord.roles.grantBot(guildId, ["ManageRoles"]);
      world.discord.createMember(guildId, { userId: tina.userId });
    }
    world.discord.createMember(second, { userId: tom.userId });

    await linkMember(world, tina.userId, tina.key);
    await linkMember(world, tom.userId, tom.key);
    await linkIn(second, tina);
    await linkIn(second, tom);
    await linkIn(third, tina);

    ({ adminChannel } = await setUpAdminStanding(world, "I paused tier roles"));

    // The operator's webhook: the platform signs every event with the operator secret.
    await registerOperatorWebhook(world, tina.key, ["user.rating_changed"]);
  });
  afterAll(async () => {
    await world.close();
  });

  it("creates a role per known tier, ordered below the bot's role, and gives linked members theirs", async () => {
    for (const guildId of [world.guildId, second]) {
      const created = await setupIn(guildId, { subcommandGroup: "roles", subcommand: "create" });
      expect(created.content).toContain("Created");
    }
    const roles = world.discord.roles.list(world.guildId).map((role) => role.name);
    const bot = world.discord.roles.botRole(world.guildId).name;
    // Highest first: the bot's role, then Master, then Diamond.
    expect(roles.indexOf(bot)).toBeLessThan(roles.indexOf("Master"));
    expect(roles.indexOf("Master")).toBeLessThan(roles.indexOf("Diamond"));
    const master = world.discord.roles.find(world.guildId, "Master");
    expect(master?.color).toBe(0xc77dff);

    for (const guildId of [world.guildId, second]) {
      await world.discord.roles.waitForMemberRoles(guildId, tina.userId, (held) =>
        held.some((role) => role.name === "Master"),
      );
      await world.discord.roles.waitForMemberRoles(guildId, tom.userId, (held) =>
        held.some((role) => role.name === "Diamond"),
      );
    }
    expect(world.discord.roles.find(third, "Master")).toBeUndefined();
  });

  it("moves the winner's and the loser's tier roles after a battle, in every server where roles are on", async () => {
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
    await linkIn(second, tom);
    await waitUntil(() => tierRoleNames(second, tom.userId).join() === "Master", {
      timeoutMs: 10_000,
      what: "tom's tier role to come back in the second server",
    });
  });

  it("offers the tiers it learned, maps one to a role of the admin's choosing, and refuses a role above the bot", async () => {
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
    const diamond = world.discord.roles.find(world.guildId, "Diamond");
    world.discord.roles.takeFromMember(world.guildId, tina.userId, diamond?.id ?? "");
    expect(tierRoleNames(world.guildId, tina.userId)).toEqual([]);
    const synced = await setupIn(world.guildId, { subcommandGroup: "roles", subcommand: "sync" });
    expect(synced.content).toContain("1 role given");
    expect(tierRoleNames(world.guildId, tina.userId)).toEqual(["Diamond"]);
  });

  it("pauses and tells the admins which role to move when a tier role sits above the bot, then resumes", async () => {
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
    const off = await setupIn(second, { subcommandGroup: "roles", subcommand: "off" });
    const master = world.discord.roles.find(second, "Master");
    expect(off.content).toContain("members keep the ones they have");
    expect(off.content).toMatch(new RegExp(`delete .*<@&${master?.id ?? "none"}>`));
    const before = world.discord.roles.auditLog(second).length;
    await world.bot.roles.runOnce();
    expect(tierRoleNames(second, tom.userId)).toEqual(["Master"]);
    expect(world.discord.roles.auditLog(second)).toHaveLength(before);
  });

  it("says which permission to grant when /setup roles create finds the bot without Manage Roles", async () => {
    const fourth = await addGuild("Fourth");

    const refused = await setupIn(fourth, { subcommandGroup: "roles", subcommand: "create" });
    const botRole = world.discord.roles.botRole(fourth);
    expect(refused.content).toBe(
      `I couldn't create the tier roles: I lack the **Manage Roles** permission. In Server Settings → Roles, give my role <@&${botRole.id}> Manage Roles, then run \`/setup roles create\` again.`,
    );
    expect(world.discord.roles.find(fourth, "Master")).toBeUndefined();
  });

  it("says the server is at Discord's role limit when /setup roles create cannot make a role", async () => {
    const full = await addGuild("Full");
    world.discord.roles.grantBot(full, ["ManageRoles"]);
    fillRoles(full, 250);

    const refused = await setupIn(full, { subcommandGroup: "roles", subcommand: "create" });
    expect(refused.content).toBe(
      "I couldn't create the tier roles: this server has as many roles as Discord allows (250). Delete roles " +
        "you no longer need in Server Settings → Roles, or give tiers roles you have with `/setup roles map`, " +
        "then run `/setup roles create` again.",
    );
    expect(isEphemeral(refused)).toBe(true);
    expect(world.discord.roles.find(full, "Master")).toBeUndefined();
  });

  it("says which tiers got a role when the server reaches Discord's role limit part-way through /setup roles create", async () => {
    const nearlyFull = await addGuild("Nearly full");
    world.discord.roles.grantBot(nearlyFull, ["ManageRoles"]);
    // Room for one more: the highest tier's role is made first, the next one is refused.
    fillRoles(nearlyFull, 249);

    const refused = await setupIn(nearlyFull, { subcommandGroup: "roles", subcommand: "create" });
    expect(refused.content).toBe(
      "I couldn't create every tier role: this server reached the 250 roles Discord allows. 1 of the 2 tiers " +
        "has a role (Master). Delete roles you no longer need in Server Settings → Roles, or give tiers " +
        "roles you have with `/setup roles map`, then run `/setup roles create` again.",
    );
    expect(isEphemeral(refused)).toBe(true);
    expect(world.discord.roles.find(nearlyFull, "Master")).toBeDefined();
    expect(world.discord.roles.find(nearlyFull, "Diamond")).toBeUndefined();
  });

  /** Makes roles until the server has `count`, Discord's limit being 250. */
  function fillRoles(guildId: string, count: number): void {
    while (world.discord.roles.list(guildId).length < count)
      world.discord.roles.create(guildId, { name: `Role ${world.discord.roles.list(guildId).length}` });
  }

  function channelOf(guildId: string): string {
    return channels.get(guildId) ?? world.channelId;
  }

  /** A guild with the bot's commands, where the admin runs `/setup` in its one channel. */
  async function addGuild(name: string): Promise<string> {
    const { guildId, channelId } = await createGuildWithCommands(world, name);
    channels.set(guildId, channelId);
    return guildId;
  }
});
