import { REST } from "@discordjs/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandData } from "../../src/commands/command-data.js";
import { deployCommands } from "../../src/discord/deploy-commands.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("deployCommands", () => {
  let discord: FakeDiscord;
  let rest: REST;
  beforeAll(async () => {
    discord = await createFakeDiscord();
    rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  });
  afterAll(async () => {
    await discord.close();
  });

  it("registers every command in a guild, then skips when nothing changed", async () => {
    const guild = discord.createGuild({ name: "Dev" });
    const target = { applicationId: discord.applicationId, guildId: guild.id };
    expect(await deployCommands(rest, target, commandData)).toEqual({
      status: "updated",
      count: commandData.length,
    });
    expect(
      discord
        .commands(guild.id)
        .map((command) => command.name)
        .sort(),
    ).toEqual(commandData.map((command) => command.name).sort());
    expect(await deployCommands(rest, target, commandData)).toEqual({ status: "unchanged" });
  });

  it("re-registers when a definition changes, and deploys globally without a guild", async () => {
    const target = { applicationId: discord.applicationId };
    expect((await deployCommands(rest, target, commandData)).status).toBe("updated");
    const changed = commandData.map((command) =>
      command.name === "whoami" ? { ...command, description: "Who am I on the platform?" } : command,
    );
    expect((await deployCommands(rest, target, changed)).status).toBe("updated");
    expect(discord.commands().find((command) => command.name === "whoami")?.description).toBe(
      "Who am I on the platform?",
    );
  });
});
