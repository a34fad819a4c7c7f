// docs/architecture.md, "Tier roles", end to end on a new server: with only the admin linked, `/setup roles
// create` reads the platform's tiers with the admin's credential and makes every tier's role at once, in
// rating order below the bot's role, so the admin can arrange them before any member is given one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("tier roles on a new server", () => {
  let world: EndToEnd;
  let adminKey: string;

  beforeAll(async () => {
    world = await startEndToEnd();
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    adminKey = keyOf(world, "carol");
    await linkMember(world, world.members.admin.id, adminKey);
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

  it("makes one role per platform tier, in rating order, as soon as the admin asks", async () => {
    const expected = await platformTierNames();
    // The sandbox seeds a player in each of its seven tiers.
    expect(expected).toHaveLength(7);

    const created = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "roles",
        subcommand: "create",
      })
      .waitForFinal();
    for (const name of expected) expect(created.content).toContain(`for ${name}`);

    const roles = world.discord.roles.list(world.guildId).map((role) => role.name);
    expect(roles.filter((name) => expected.includes(name))).toEqual(expected);
    const bot = world.discord.roles.botRole(world.guildId).name;
    expect(roles.indexOf(bot)).toBeLessThan(roles.indexOf(expected[0] ?? ""));
  });
});
