// Another guild in the end-to-end world, set up as an admin finds it after adding the bot: one channel, the
// bot's commands registered and the admin a member with Manage Server.
import { commandData } from "../../../src/commands/command-data.js";
import { deployCommands } from "../../../src/discord/deploy-commands.js";
import type { EndToEnd } from "../harness.js";

export interface GuildPlace {
  readonly guildId: string;
  readonly channelId: string;
}

/** A guild named `name` with a "general" channel; the bot gets no permission there beyond what it has. */
export async function createGuildWithCommands(world: EndToEnd, name: string): Promise<GuildPlace> {
  const guild = world.discord.createGuild({ name, channels: ["general"] });
  const channelId = [...guild.channels.keys()][0] ?? "";
  // The local stack registers the commands in its first guild only, as a development guild.
  const target = { applicationId: world.discord.applicationId, guildId: guild.id };
  await deployCommands(world.bot.deps.rest, target, commandData);
  world.discord.createMember(guild.id, { userId: world.members.admin.id, permissions: ["ManageGuild"] });
  return { guildId: guild.id, channelId };
}
