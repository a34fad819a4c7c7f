import { PermissionFlagsBits } from "discord.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { botChannelPermissions } from "../world/render-world.js";
import { textChannelTypes, threadChannelTypes, type FakeChannel } from "../world/world-types.js";
import { requireThreadPost, requireThreadStanding } from "./thread-access.js";

/**
 * What a route asks of the bot in a channel: to see it, to post in it (Create Message), or to read a
 * message in it (Get Channel Message).
 */
export type ChannelAction = "view" | "send" | "read";

/**
 * The channel a bot route names, or Discord's error: 10003 once deleted, 50001 Missing Access when the
 * bot cannot see it (or has left its guild), 50013 Missing Permissions when it may look but not do what the
 * route does. The bot's permissions there are its roles' and the channel's overwrites
 * (world/permissions.ts); without View Channel nothing else counts (Discord's documentation, Topics,
 * Permissions, "Implicit Permissions"). Create Message needs Send Messages (Resources, Message, Create
 * Message, "Limitations"); Get Channel Message needs View Channel and Read Message History (Resources,
 * Message, Get Channel Message).
 *
 * Embed Links is not checked: Discord's documentation names no error for embeds sent without it, and what
 * bots saw changed over time (a 403 for a message of embeds only, in discord-api-docs issue 2601; embeds
 * dropped and the message called empty, in issue 5648), so the fake keeps every embed.
 */
export function requireChannelAccess(
  state: FakeDiscordState,
  channelId: string,
  action: ChannelAction,
): FakeChannel {
  const channel = state.world.channel(channelId);
  if (channel === undefined) throw new DiscordHttpError("unknownChannel");
  // Threads answer by their own rules (Send Messages in Threads, locked threads): thread-access.ts.
  if (threadChannelTypes.has(channel.type)) {
    if (action === "send") return requireThreadPost(state, channel).channel;
    const standing = requireThreadStanding(state, channel.id);
    if (action === "read" && (standing.permissions & PermissionFlagsBits.ReadMessageHistory) === 0n)
      throw new DiscordHttpError("missingPermissions");
    return standing.channel;
  }
  // A channel of a guild the bot was removed from is out of its sight altogether.
  const guild = state.world.guilds.get(channel.guildId);
  if (guild === undefined) throw new DiscordHttpError("missingAccess");
  const permissions = botChannelPermissions(guild, channel, state.world.botUser.id);
  if ((permissions & PermissionFlagsBits.ViewChannel) === 0n) throw new DiscordHttpError("missingAccess");
  if (action === "send") {
    if ((permissions & PermissionFlagsBits.SendMessages) === 0n)
      throw new DiscordHttpError("missingPermissions");
    if (!textChannelTypes.has(channel.type)) throw new DiscordHttpError("nonTextChannel");
  }
  if (action === "read" && (permissions & PermissionFlagsBits.ReadMessageHistory) === 0n)
    throw new DiscordHttpError("missingPermissions");
  return channel;
}

/**
 * Whether Get Channel Messages returns any: without Read Message History it answers an empty list, not an
 * error (Discord's documentation, Resources, Message, Get Channel Messages). For a channel the bot sees.
 */
export function botReadsHistory(state: FakeDiscordState, channel: FakeChannel): boolean {
  const guild = state.world.guilds.get(channel.guildId);
  if (guild === undefined) return false;
  const permissions = botChannelPermissions(guild, channel, state.world.botUser.id);
  return (permissions & PermissionFlagsBits.ReadMessageHistory) !== 0n;
}
