// A role an admin names for the bot to give (src/commands/setup/check-givable-role.ts), against a fake
// Discord server: refused, saying what to fix, while the bot may not give roles at all (neither Manage Roles
// nor Administrator), as when the role sits above the bot; taken once it may.
import { describe, expect, it } from "vitest";
import type { BotDependencies } from "../../../src/commands/bot-dependencies.js";
import { checkGivableRole } from "../../../src/commands/setup/check-givable-role.js";
import { UserFacingError } from "../../../src/discord/user-facing-error.js";
import type { PermissionName } from "../../../fake-discord/index.js";
import { useFakeGuild, type FakeGuildWorld } from "../../support/fake-guild.js";

const wording = { everyoneRole: "Pick a role members take.", tryAgain: "run this again" };

function check(discord: FakeGuildWorld, roleId: string) {
  const deps = {
    rest: discord.rest,
    applicationId: discord.fake.applicationId,
  } as unknown as BotDependencies;
  return checkGivableRole(deps, discord.guild.id, roleId, wording);
}

describe("a role the bot cannot give for want of Manage Roles", () => {
  const discord = useFakeGuild({ permissions: ["ViewChannel", "SendMessages"] });

  it("is refused, naming the permission to give the bot's role", async () => {
    const gold = discord.fake.roles.create(discord.guild.id, { name: "Gold", position: 1 });
    const botRole = discord.fake.roles.botRole(discord.guild.id);
    const refused = check(discord, gold.id);
    await expect(refused).rejects.toBeInstanceOf(UserFacingError);
    await expect(refused).rejects.toThrow(
      `I lack the **Manage Roles** permission, so I can't give <@&${gold.id}>. In Server Settings → Roles, ` +
        `give my role <@&${botRole.id}> Manage Roles, then run this again.`,
    );
  });
});

describe.each<PermissionName>(["ManageRoles", "Administrator"])(
  "a role below the bot's, with %s",
  (permission) => {
    const discord = useFakeGuild({ permissions: [permission] });

    it("is taken", async () => {
      const gold = discord.fake.roles.create(discord.guild.id, { name: "Gold", position: 1 });
      const { role } = await check(discord, gold.id);
      expect(role.id).toBe(gold.id);
    });
  },
);
