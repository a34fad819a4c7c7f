// docs/architecture.md, "Tier roles", end to end: the real bot and the fake Discord's roles. /setup roles
// create makes a role per known tier below the bot's role and gives linked members theirs in the servers
// where roles are on; without Manage Roles, or at Discord's role limit, the admin is told what to do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEphemeral } from "../../fake-discord/messages/message-types.js";
import { startTierRolesWorld, type TierRolesWorld } from "./support/tier-roles-world.js";

describe("tier roles created, end to end", () => {
  let t: TierRolesWorld;

  beforeAll(async () => {
    t = await startTierRolesWorld();
  });
  afterAll(async () => {
    await t.world.close();
  });

  it("creates a role per known tier, ordered below the bot's role, and gives linked members theirs", async () => {
    const { world, third } = t;
    for (const created of await t.createTierRoles()) {
      expect(created.content).toContain("Created");
    }
    const roles = world.discord.roles.list(world.guildId).map((role) => role.name);
    const bot = world.discord.roles.botRole(world.guildId).name;
    // Highest first: the bot's role, then Master, then Diamond.
    expect(roles.indexOf(bot)).toBeLessThan(roles.indexOf("Master"));
    expect(roles.indexOf("Master")).toBeLessThan(roles.indexOf("Diamond"));
    const master = world.discord.roles.find(world.guildId, "Master");
    expect(master?.color).toBe(0xc77dff);

    await t.waitForFirstTierRoles();
    expect(world.discord.roles.find(third, "Master")).toBeUndefined();
  });

  it("says which permission to grant when /setup roles create finds the bot without Manage Roles", async () => {
    const { world, setupIn } = t;
    const fourth = await t.addGuild("Fourth");

    const refused = await setupIn(fourth, { subcommandGroup: "roles", subcommand: "create" });
    const botRole = world.discord.roles.botRole(fourth);
    expect(refused.content).toBe(
      `I couldn't create the tier roles: I lack the **Manage Roles** permission. In Server Settings → Roles, give my role <@&${botRole.id}> Manage Roles, then run \`/setup roles create\` again.`,
    );
    expect(world.discord.roles.find(fourth, "Master")).toBeUndefined();
  });

  it("says the server is at Discord's role limit when /setup roles create cannot make a role", async () => {
    const { world, setupIn } = t;
    const full = await t.addGuild("Full");
    world.discord.roles.grantBot(full, ["ManageRoles"]);
    t.fillRoles(full, 250);

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
    const { world, setupIn } = t;
    const nearlyFull = await t.addGuild("Nearly full");
    world.discord.roles.grantBot(nearlyFull, ["ManageRoles"]);
    // Room for one more: the highest tier's role is made first, the next one is refused.
    t.fillRoles(nearlyFull, 249);

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
});
