// docs/architecture.md, "Tier roles", end to end: the real bot, the fake Discord's roles and the sandbox's
// battles and signed webhooks. After /setup roles create, a battle moves the winner and the loser across a
// tier boundary, and their tier roles follow in every server where they are linked with roles on, and only
// there; an unlink takes the role; a role removed by hand comes back on /setup roles sync; a role moved above
// the bot pauses the sync, the admins are told which role to move, and sync resumes after the fix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredMessage } from "../../fake-discord/index.js";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { operatorSecret } from "./support/operator-webhook.js";
import { waitUntil } from "./support/wait-until.js";

interface Player {
  readonly username: string;
  readonly key: string;
  readonly userId: string;
}

describe("tier roles, end to end", () => {
  let world: EndToEnd;
  let tina: Player;
  let tom: Player;
  /** A second server where both are linked and roles are on; a third where tina is linked, roles off. */
  let second: string;
  let third: string;
  let adminChannel: string;
  const channels = new Map<string, string>();

  const run = (guildId: string, userId: string, name: string, extra: Record<string, unknown> = {}) =>
    world.discord.runCommand({ guildId, channelId: world.channelId, userId, name, ...extra }).waitForFinal();
  const runIn = (guildId: string, channelId: string, userId: string, extra: Record<string, unknown>) =>
    world.discord.runCommand({ guildId, channelId, userId, name: "setup", ...extra }).waitForFinal();
  const tierRoleNames = (guildId: string, userId: string): string[] =>
    world.discord.roles
      .ofMember(guildId, userId)
      .map((role) => role.name)
      .filter((name) => ["Diamond", "Master"].includes(name));

  async function createPlayer(username: string, rating: number): Promise<Player> {
    const response = await fetch(`${world.sandbox.url}/sandbox/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, rating, keys: ["write"] }),
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { keys: { key: string }[] };
    const member = world.discord.createMember(world.guildId, { username });
    return { username, key: created.keys[0]?.key ?? "", userId: member.id };
  }

  async function linkIn(guildId: string, player: Player): Promise<void> {
    const channelId = channelOf(guildId);
    const prompt = await world.discord
      .runCommand({ guildId, channelId, userId: player.userId, name: "link" })
      .waitForFinal();
    const press = world.discord.pressButton({
      message: prompt,
      customId: "link:api-key",
      userId: player.userId,
    });
    await press.modal();
    const linked = await world.discord
      .submitModal({ from: press, customId: "link-key", fields: { key: player.key } })
      .waitForFinal();
    expect(linked.content).toMatch(/^Linked as/);
  }

  async function platform(path: string, key: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${world.sandbox.url}/v1${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    world = await startEndToEnd({ env: { PLATFORM_WEBHOOK_SECRET: operatorSecret } });
    // Just above and just below the master boundary (2000): one battle swaps their tiers.
    tina = await createPlayer("tina", 2005);
    tom = await createPlayer("tom", 1995);
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);

    const secondGuild = world.discord.createGuild({ name: "Second", channels: ["general"] });
    const thirdGuild = world.discord.createGuild({ name: "Third", channels: ["general"] });
    second = secondGuild.id;
    third = thirdGuild.id;
    for (const guild of [secondGuild, thirdGuild]) {
      channels.set(guild.id, [...guild.channels.keys()][0] ?? "");
      // The local stack registers the commands in its first server only, as a development guild.
      const target = { applicationId: world.discord.applicationId, guildId: guild.id };
      await deployCommands(world.bot.deps.rest, target, commandData);
    }
    world.discord.roles.grantBot(second, ["ManageRoles"]);
    world.discord.roles.grantBot(third, ["ManageRoles"]);
    for (const guildId of [second, third]) {
      world.discord.createMember(guildId, { userId: world.members.admin.id, permissions: ["ManageGuild"] });
      world.discord.createMember(guildId, { userId: tina.userId });
    }
    world.discord.createMember(second, { userId: tom.userId });

    await linkMember(world, tina.userId, tina.key);
    await linkMember(world, tom.userId, tom.key);
    await linkIn(second, tina);
    await linkIn(second, tom);
    await linkIn(third, tina);

    adminChannel = world.discord.createChannel(world.guildId, { name: "admins" }).id;
    await run(world.guildId, world.members.admin.id, "setup", {
      subcommand: "admin-channel",
      options: { channel: adminChannel },
    });

    // The operator's webhook: the platform signs every event with the operator secret.
    const registered = await fetch(`${world.sandbox.url}/api/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${tina.key}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `${world.publicUrl}/webhooks/platform`,
        events: ["user.rating_changed"],
        secret: operatorSecret,
      }),
    });
    expect(registered.status).toBeLessThan(300);
  });
  afterAll(async () => {
    await world.close();
  });

  it("creates a role per known tier, ordered below the bot's role, and gives linked members theirs", async () => {
    for (const guildId of [world.guildId, second]) {
      const created = await runIn(guildId, channelOf(guildId), world.members.admin.id, {
        subcommandGroup: "roles",
        subcommand: "create",
      });
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
    const mapped = await runIn(third, channelOf(third), world.members.admin.id, {
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
    const refused = await runIn(third, channelOf(third), world.members.admin.id, {
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
    const synced = await runIn(world.guildId, world.channelId, world.members.admin.id, {
      subcommandGroup: "roles",
      subcommand: "sync",
    });
    expect(synced.content).toContain("1 role given");
    expect(tierRoleNames(world.guildId, tina.userId)).toEqual(["Diamond"]);
  });

  it("pauses and tells the admins which role to move when a tier role sits above the bot, then resumes", async () => {
    const master = world.discord.roles.find(world.guildId, "Master");
    if (master === undefined) throw new Error("no Master role");
    world.discord.roles.takeFromMember(world.guildId, tom.userId, master.id);
    world.discord.roles.moveAboveBot(world.guildId, master.id);

    const paused = await runIn(world.guildId, world.channelId, world.members.admin.id, {
      subcommandGroup: "roles",
      subcommand: "sync",
    });
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
    const status = await runIn(world.guildId, world.channelId, world.members.admin.id, {
      subcommand: "status",
    });
    expect(JSON.stringify(status.embeds)).toContain("Paused");
    expect(tierRoleNames(world.guildId, tom.userId)).toEqual([]);

    // The admin drags the role back below the bot and resumes.
    world.discord.roles.move(world.guildId, master.id, 1);
    const resumed = await runIn(world.guildId, world.channelId, world.members.admin.id, {
      subcommandGroup: "roles",
      subcommand: "sync",
    });
    expect(resumed.content).toContain("they run again");
    expect(tierRoleNames(world.guildId, tom.userId)).toEqual(["Master"]);
  });

  it("stops on /setup roles off, leaving the roles given, and says how to remove them", async () => {
    const off = await runIn(second, channelOf(second), world.members.admin.id, {
      subcommandGroup: "roles",
      subcommand: "off",
    });
    const master = world.discord.roles.find(second, "Master");
    expect(off.content).toContain("members keep the ones they have");
    expect(off.content).toMatch(new RegExp(`delete .*<@&${master?.id ?? "none"}>`));
    const before = world.discord.roles.auditLog(second).length;
    await world.bot.roles.runOnce();
    expect(tierRoleNames(second, tom.userId)).toEqual(["Master"]);
    expect(world.discord.roles.auditLog(second)).toHaveLength(before);
  });

  it("says which permission to grant when /setup roles create finds the bot without Manage Roles", async () => {
    const fourth = world.discord.createGuild({ name: "Fourth", channels: ["general"] });
    const channelId = [...fourth.channels.keys()][0] ?? "";
    channels.set(fourth.id, channelId);
    const target = { applicationId: world.discord.applicationId, guildId: fourth.id };
    await deployCommands(world.bot.deps.rest, target, commandData);
    world.discord.createMember(fourth.id, { userId: world.members.admin.id, permissions: ["ManageGuild"] });

    const refused = await runIn(fourth.id, channelId, world.members.admin.id, {
      subcommandGroup: "roles",
      subcommand: "create",
    });
    const botRole = world.discord.roles.botRole(fourth.id);
    expect(refused.content).toBe(
      `I couldn't create the tier roles: I lack the **Manage Roles** permission. In Server Settings → Roles, give my role <@&${botRole.id}> Manage Roles, then run \`/setup roles create\` again.`,
    );
    expect(world.discord.roles.find(fourth.id, "Master")).toBeUndefined();
  });

  function channelOf(guildId: string): string {
    return channels.get(guildId) ?? world.channelId;
  }
});
