// docs/architecture.md, "Tier roles", end to end on a new server: with only the admin linked, `/setup roles
// create` reads the platform's tiers with the admin's credential and makes every tier's role at once, in
// rating order below the bot's role, so the admin can arrange them before any member is given one. An
// admin who is not linked, on a bot that knows no tier yet, is told to link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("tier roles on a new server", () => {
  let world: EndToEnd;
  let adminKey: string;

  const createRoles = (guildId: string, channelId: string) =>
    world.discord
      .runCommand({
        guildId,
        channelId,
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "roles",
        subcommand: "create",
      })
      .waitForFinal();

  beforeAll(async () => {
    world = await startEndToEnd();
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    adminKey = keyOf(world, "carol");
  });
  afterAll(async () => {
    await world.close();
  });

  /** The tiers the platform's ranking shows, highest first, named as roles are. */
  async function platformTierNames(): Promise<string[]> {
    const response = await fetch(`${world.sandbox.url}/v1/leaderboards/global?limit=100`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(response.status).toBe(200);
    const board = (await response.json()) as { rankings: { user: { tier: string } }[]; hasMore: boolean };
    expect(board.hasMore).toBe(false);
    const tiers = [...new Set(board.rankings.map(({ user }) => user.tier))];
    return tiers.map((tier) => tier.charAt(0).toUpperCase() + tier.slice(1));
  }

  it("asks an admin who is not linked to link, while it knows no tier", async () => {
    const fresh = world.discord.createGuild({ name: "Fresh", channels: ["general"] });
    const target = { applicationId: world.discord.applicationId, guildId: fresh.id };
    await deployCommands(world.bot.deps.rest, target, commandData);
    world.discord.roles.grantBot(fresh.id, ["ManageRoles"]);
    world.discord.createMember(fresh.id, { userId: world.members.admin.id, permissions: ["ManageGuild"] });

    const answer = await createRoles(fresh.id, [...fresh.channels.keys()][0] ?? "");
    expect(answer.content).toContain("link your account with `/link` and run this again");
    expect(world.discord.roles.list(fresh.id).map((role) => role.name)).not.toContain("Platinum");
  });

  it("makes one role per platform tier, in rating order, as soon as the admin asks", async () => {
    await linkMember(world, world.members.admin.id, adminKey);
    const expected = await platformTierNames();
    // The sandbox seeds a player in each of its seven tiers.
    expect(expected).toHaveLength(7);

    const created = await createRoles(world.guildId, world.channelId);
    for (const name of expected) expect(created.content).toContain(`for ${name}`);

    const roles = world.discord.roles.list(world.guildId).map((role) => role.name);
    expect(roles.filter((name) => expected.includes(name))).toEqual(expected);
    const bot = world.discord.roles.botRole(world.guildId).name;
    expect(roles.indexOf(bot)).toBeLessThan(roles.indexOf(expected[0] ?? ""));
  });

  it("still makes the known tiers' roles when the platform refuses to show its ranking", async () => {
    const other = world.discord.createGuild({ name: "Other", channels: ["general"] });
    const channelId = [...other.channels.keys()][0] ?? "";
    await deployCommands(
      world.bot.deps.rest,
      { applicationId: world.discord.applicationId, guildId: other.id },
      commandData,
    );
    world.discord.roles.grantBot(other.id, ["ManageRoles"]);
    world.discord.createMember(other.id, { userId: world.members.admin.id, permissions: ["ManageGuild"] });
    const prompt = await world.discord
      .runCommand({ guildId: other.id, channelId, userId: world.members.admin.id, name: "link" })
      .waitForFinal();
    const press = world.discord.pressButton({
      message: prompt,
      customId: "link:api-key",
      userId: world.members.admin.id,
    });
    await press.modal();
    const linked = await world.discord
      .submitModal({ from: press, customId: "link-key", fields: { key: keyOf(world, "dave") } })
      .waitForFinal();
    expect(linked.content).toMatch(/^Linked as/);
    // The platform forgets dave's keys, so it answers the leaderboard read with 401.
    const dave = [...world.sandbox.state.users.values()].find((user) => user.username === "dave");
    for (const [hash, key] of world.sandbox.state.apiKeys) {
      if (key.userId === dave?.id) world.sandbox.state.apiKeys.delete(hash);
    }

    const created = await createRoles(other.id, channelId);
    expect(created.content).toContain("for Grandmaster");
    expect(created.content).toContain("for Bronze");
    expect(world.logs()).toContain("could not read the platform's tiers");
  });
});
