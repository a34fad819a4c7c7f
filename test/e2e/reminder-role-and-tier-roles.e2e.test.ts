// docs/architecture.md, "Tier roles" and "Tournament reminders", end to end: the reminder role is never a tier
// role, since a tier role sync would take it from the members who opted in. `/setup reminders set` refuses a
// tier role, `/setup roles map` refuses the reminder role, and `/setup roles create` makes a role of its own
// for a tier rather than take over a reminder role that happens to bear the tier's name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findReminderSettings } from "../../src/store/reminder-settings.js";
import { listTierRoles } from "../../src/store/tier-roles.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { keyOf } from "./support/sandbox-keys.js";

describe("the reminder role and the tier roles", () => {
  let world: EndToEnd;
  let reminderChannel: string;
  /** The admin's reminder role, named like the sandbox's gold tier. */
  let gold: string;

  const setup = (extra: Record<string, unknown>) =>
    world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.admin.id,
        name: "setup",
        ...extra,
      })
      .waitForFinal();
  const tierRoleOf = async (tier: string) =>
    (await listTierRoles(world.bot.deps.db, world.guildId)).find((mapping) => mapping.tier === tier)?.roleId;

  beforeAll(async () => {
    world = await startEndToEnd();
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    await linkMember(world, world.members.admin.id, keyOf(world, "carol"));
    reminderChannel = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    gold = world.discord.roles.create(world.guildId, { name: "Gold", position: 1 }).id;
  });
  afterAll(async () => {
    await world.close();
  });

  it("makes a tier its own role rather than take over the reminder role bearing its name", async () => {
    const set = await setup({
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: reminderChannel, before: "1h", role: gold },
    });
    expect(set.content).toContain("Tournament reminders are on");

    const created = await setup({ subcommandGroup: "roles", subcommand: "create" });
    expect(created.content).toMatch(/^Created <@&\d+> for Gold$/m);
    expect(created.content).not.toContain(`<@&${gold}>`);
    const goldTierRole = await tierRoleOf("gold");
    expect(goldTierRole).toBeDefined();
    expect(goldTierRole).not.toBe(gold);
  });

  it("refuses a tier role as the reminder role, saying why", async () => {
    const master = world.discord.roles.find(world.guildId, "Master");
    expect(master?.id).toBe(await tierRoleOf("master"));
    const refused = await setup({
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: reminderChannel, before: "1h", role: master?.id ?? "" },
    });
    expect(refused.content).toContain(`<@&${master?.id ?? ""}> is the tier role of **Master**`);
    expect(refused.content).toContain("members who opt in with `/remind on` would lose it");
    expect((await findReminderSettings(world.bot.deps.db, world.guildId))?.roleId).toBe(gold);
  });

  it("refuses the reminder role as a tier role, saying why", async () => {
    const silver = await tierRoleOf("silver");
    const refused = await setup({
      subcommandGroup: "roles",
      subcommand: "map",
      options: { tier: "silver", role: gold },
    });
    expect(refused.content).toContain(`<@&${gold}> is the tournament reminder role`);
    expect(await tierRoleOf("silver")).toBe(silver);
  });
});
