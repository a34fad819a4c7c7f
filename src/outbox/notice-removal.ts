// Before a channel closed to the bot is closed, whether the bot is still in its server (docs/architecture.md,
// "When the bot leaves a server"); apply-failure.ts asks, close-channel.ts closes.
import { isBotInGuild } from "../discord/list-bot-guilds.js";
import { recordGuildRemoval } from "../store/guild-removals.js";
import type { OutboxDeps } from "./outbox-deps.js";

/**
 * A channel closed to the bot may be a server that removed it, before the bot heard of it: with HTTP
 * interactions only the server list's check says so, up to GUILD_LIST_CHECK_SECONDS later, and over the
 * gateway a post in flight can meet the 403 before GUILD_DELETE is stored. Closing the channel then would
 * pause its routes for good, though the server may add the bot back (docs/architecture.md, "When the bot
 * leaves a server"). So Discord is asked before the channel is closed: a server the bot is not in is recorded
 * as removed, which drops its queued rows (these among them), and the channel is left as it was. When Discord
 * does not say (an outage, or a rate limit too long to wait), "unknown": the rows are retried later, the
 * channel left open, rather than paused on a guess.
 */
export async function noticeRemoval(
  deps: OutboxDeps,
  guildId: string,
): Promise<"in-server" | "removed" | "unknown"> {
  const inServer = await isBotInGuild(deps.rest, guildId);
  if (inServer === undefined) return "unknown";
  if (inServer) return "in-server";
  const { droppedPosts } = await recordGuildRemoval(deps.db, { guildId, now: deps.clock.now() });
  deps.logger.info(
    { guildId, droppedPosts },
    "a post met Missing Access in a server the bot is no longer in: recorded as removed, its channels left as they were",
  );
  return "removed";
}
