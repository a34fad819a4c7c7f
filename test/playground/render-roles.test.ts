import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { renderMemberRoles } from "../../playground/render-roles.js";

describe("the playground's roles line", () => {
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it("lists every member with their roles by name, highest first, and shows a role the bot took away", async () => {
    fake = await createFakeDiscord({ botUsername: "Arena Bot" });
    const guild = fake.createGuild({ name: "Playground" });
    const alice = fake.createMember(guild.id, { username: "alice" });
    fake.createMember(guild.id, { username: "bob" });
    // Each role dragged to the bottom in turn: Team Owls ends below Gold.
    const gold = fake.roles.create(guild.id, { name: "Gold", position: 1 });
    const team = fake.roles.create(guild.id, { name: "Team Owls", position: 1 });
    fake.roles.giveMember(guild.id, alice.id, gold.id);
    fake.roles.giveMember(guild.id, alice.id, team.id);
    const owner = fake.roles.byMember(guild.id)[1]?.user.username ?? "";
    expect(renderMemberRoles(guild.name, fake.roles.byMember(guild.id))).toBe(
      [
        "Roles in Playground, highest first:",
        `  ${"Arena Bot (bot)".padEnd(15)}  Arena Bot`,
        `  ${owner.padEnd(15)}  —`,
        `  ${"alice".padEnd(15)}  Gold, Team Owls`,
        `  ${"bob".padEnd(15)}  —`,
      ].join("\n"),
    );
    fake.roles.takeFromMember(guild.id, alice.id, team.id);
    expect(renderMemberRoles(guild.name, fake.roles.byMember(guild.id))).toContain(
      `  ${"alice".padEnd(15)}  Gold\n`,
    );
  });
});
