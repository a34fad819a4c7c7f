import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { textChannelTypes, threadChannelTypes, type FakeChannel } from "../world/world-types.js";
import { requireThreadPost, requireThreadStanding } from "./thread-access.js";

/**
 * The channel a bot route names, or Discord's error: 10003 once deleted, 50001 Missing Access when the
 * bot cannot see it (or has left its guild), 50013 Missing Permissions when it may look but not post.
 */
export function requireChannelAccess(
  state: FakeDiscordState,
  channelId: string,
  action: "view" | "send",
): FakeChannel {
  const channel = state.world.channel(channelId);
  if (channel === undefined) throw new DiscordHttpError("unknownChannel");
  // Threads answer by their own rules (Send Messages in Threads, locked threads): thread-access.ts.
  if (threadChannelTypes.has(channel.type))
    return (action === "send" ? requireThreadPost(state, channel) : requireThreadStanding(state, channel.id))
      .channel;
  // A channel of a guild the bot was removed from is out of its sight altogether.
  if (!state.world.isBotInGuildOf(channel) || channel.access === "missing-access")
    throw new DiscordHttpError("missingAccess");
  if (action === "send") {
    if (channel.access === "missing-permissions") throw new DiscordHttpError("missingPermissions");
    if (!textChannelTypes.has(channel.type)) throw new DiscordHttpError("nonTextChannel");
  }
  return channel;
}
