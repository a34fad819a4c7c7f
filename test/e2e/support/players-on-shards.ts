// One member per gateway shard, each in a guild of its own that Discord's formula puts on that shard, with the
// bot's commands registered there: what a member runs reaches the instance that runs the shard.
import { REST } from "@discordjs/rest";
import type { FakeDiscord } from "../../../fake-discord/index.js";
import { commandData } from "../../../src/commands/command-data.js";
import { deployCommands } from "../../../src/discord/deploy-commands.js";

export interface Player {
  readonly guildId: string;
  readonly channelId: string;
  readonly userId: string;
}

/** Player i is on shard i of `shardCount`. */
export async function createPlayersOnShards(discord: FakeDiscord, shardCount: number): Promise<Player[]> {
  const rest = new REST({ api: discord.apiUrl }).setToken(discord.botToken);
  const players: Player[] = [];
  for (let shard = 0; shard < shardCount; shard += 1) {
    const guild = discord.createGuild({ name: `Players ${shard}`, shard: [shard, shardCount] });
    const channelId = discord.createChannel(guild.id, { name: "general" }).id;
    const userId = discord.createMember(guild.id, { username: `player${shard}` }).id;
    await deployCommands(rest, { applicationId: discord.applicationId, guildId: guild.id }, commandData);
    players.push({ guildId: guild.id, channelId, userId });
  }
  return players;
}
