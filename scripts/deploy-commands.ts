// `npm run commands:deploy`: registers the slash commands. Imports only command data and never opens a
// gateway connection (docs/conventions.md, habit 2).
import { DiscordAPIError, REST } from "@discordjs/rest";
import { commandData } from "../src/commands/command-data.js";
import { ConfigError, loadConfigFromProcess } from "../src/config.js";
import { exitUnlessRunArguments } from "../src/config/command-line.js";
import { deployCommands } from "../src/discord/deploy-commands.js";
import { registerRoleConnectionMetadata } from "../src/discord/role-connection-metadata.js";

exitUnlessRunArguments({
  command: "npm run commands:deploy",
  does:
    "Registers the slash commands (in DISCORD_DEV_GUILD_ID only, when set) and, with Linked Roles on, their " +
    "metadata records.",
});
try {
  const config = loadConfigFromProcess("deploy-commands");
  const { token, applicationId, apiUrl, devGuildId } = config.discord;
  if (token === undefined || applicationId === undefined) throw new ConfigError(["DISCORD_TOKEN: required"]);
  const rest = new REST(apiUrl === undefined ? {} : { api: apiUrl }).setToken(token);
  const result = await deployCommands(rest, { applicationId, guildId: devGuildId }, commandData);
  const scope = devGuildId === undefined ? "globally" : `in guild ${devGuildId}`;
  console.log(
    result.status === "unchanged"
      ? `Commands unchanged ${scope}; nothing to do.`
      : `Registered ${result.count} commands ${scope}.`,
  );
  // Linked Roles' records are the application's, never a guild's (docs/operations.md, "Linked Roles").
  if (config.discord.linkedRoles !== undefined) {
    const metadata = await registerRoleConnectionMetadata(rest, applicationId);
    console.log(
      metadata.status === "unchanged"
        ? "Linked Roles metadata unchanged; nothing to do."
        : `Registered ${metadata.count} Linked Roles metadata records.`,
    );
  }
} catch (error) {
  console.error(describeFailure(error));
  process.exitCode = 1;
}

/** What went wrong, in the words of the settings an operator changes. */
function describeFailure(error: unknown): string {
  if (error instanceof ConfigError) return `${error.message}\nSee .env.example for every setting.`;
  if (error instanceof DiscordAPIError && error.status === 401) {
    return (
      "Could not register commands: Discord refused DISCORD_TOKEN (401 Unauthorized). Copy the bot's token " +
      "from the developer portal (Bot → Reset Token)."
    );
  }
  return `Could not register commands: ${String(error)}`;
}
