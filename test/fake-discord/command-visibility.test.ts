import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommandHiddenError, createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { createArenaGuild, type ArenaGuild } from "./arena-guild.js";

/** Commands behind default_member_permissions, registered over REST as the bot does. */
describe("commands a member may see in the fake Discord", () => {
  let fake: FakeDiscord;
  let arena: ArenaGuild;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    arena = createArenaGuild(fake);
    const register = async (path: string, body: unknown[]) => {
      const response = await fetch(`${fake.apiUrl}/v10/applications/${fake.applicationId}/${path}`, {
        method: "PUT",
        headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    };
    await register("commands", [{ name: "help", description: "Global help" }]);
    await register(`guilds/${arena.guildId}/commands`, [
      { name: "rank", description: "Your rank" },
      { name: "subscribe", description: "Admin", default_member_permissions: "32" },
      { name: "purge", description: "Administrators only", default_member_permissions: "0" },
    ]);
  });

  afterAll(async () => {
    await fake.close();
  });

  const names = (userId: string) =>
    fake
      .commandsFor(arena.guildId, userId)
      .map((command) => command.name)
      .sort();

  it("lists a member without Manage Server the global and guild commands but not the admin ones", () => {
    expect(names(arena.userId)).toEqual(["help", "rank"]);
  });

  it("lists commands needing Manage Server to a member who has it, and '0' ones only to administrators", () => {
    const manager = fake.createMember(arena.guildId, { username: "manager", permissions: ["ManageGuild"] });
    const administrator = fake.createMember(arena.guildId, {
      username: "root",
      permissions: ["Administrator"],
    });
    expect(names(manager.id)).toEqual(["help", "rank", "subscribe"]);
    expect(names(administrator.id)).toEqual(["help", "purge", "rank", "subscribe"]);
  });

  it("refuses to run a hidden command, naming the permission in words", () => {
    const run = () => fake.runCommandLine({ ...arena, userId: arena.userId, line: "/subscribe" });
    expect(run).toThrow(CommandHiddenError);
    expect(run).toThrow("alice cannot use /subscribe: it needs the Manage Server permission");
    expect(fake.interactions().filter((each) => each.commandName === "subscribe")).toEqual([]);
  });
});
