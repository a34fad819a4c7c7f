// `/setup roles create` meeting Discord's limit on making roles (docs/architecture.md, "Tier roles"): the
// client for creates refuses a wait past 10 s, so the admin is answered at once with the roles made so far,
// the rest left to the role worker, rather than a generic error (or an answer held for the whole wait).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { createRatedPlayer } from "./support/rated-players.js";

describe("/setup roles create under Discord's role-create limit", () => {
  let world: EndToEnd;

  beforeAll(async () => {
    // One role a window: the second create's wait is the window's rest, ten minutes.
    world = await startEndToEnd({
      discord: { routeLimits: { "POST /guilds/:guildId/roles": { limit: 1, windowMs: 10 * 60_000 } } },
    });
    world.discord.roles.grantBot(world.guildId, ["ManageRoles"]);
    // Linking them teaches the bot two tiers, master and diamond.
    for (const [name, rating] of [
      ["tina", 2005],
      ["tom", 1995],
    ] as const) {
      const player = await createRatedPlayer(world, name, rating);
      expect(await linkMember(world, player.userId, player.key)).toMatch(/^Linked as/);
    }
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("answers with the role it made and leaves the other to the background", async () => {
    const answer = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.admin.id,
        name: "setup",
        subcommandGroup: "roles",
        subcommand: "create",
      })
      .waitForFinal();

    expect(answer.content).toContain("Discord was slow or asked me to wait");
    expect(answer.content).toContain("1 of the 2 tiers has a role (Master)");
    expect(
      world.discord.roles.list(world.guildId).filter((role) => ["Master", "Diamond"].includes(role.name)),
    ).toMatchObject([{ name: "Master" }]);
  }, 60_000);
});
