// A channel an admin names for the bot to post in later (`/subscribe`, `/setup reminders set`, `/setup
// admin-channel`) is checked when it is named (docs/architecture.md, "Routing"): a channel the bot cannot
// post in is refused, naming what to grant, rather than found out at the first post, when the outbox pauses
// it. Threads are not refused: without their permissions the updates go to the channel, so their lack is
// only noted.
import { PermissionFlagsBits } from "discord-api-types/v10";
import type { ChannelArgument } from "../discord/command-arguments.js";
import type { ServerActor } from "../discord/interaction-handlers.js";
import { isBotInGuild } from "../discord/list-bot-guilds.js";
import {
  readBotChannelPermissions,
  type BotChannelPermissions,
} from "../discord/read-bot-channel-permissions.js";
import { UserFacingError } from "../discord/user-facing-error.js";
import type { BotDependencies } from "./bot-dependencies.js";

/** Posting there: admin notices are plain text; announcements and reminders are embeds. */
export const postingNeeds = {
  notices: PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages,
  announcements:
    PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks,
} as const;

/** A battle's or tournament's thread: started from a post there, then posted in (docs: Topics, Threads). */
const threadNeeds = PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.SendMessagesInThreads;

/** As a channel's permission settings name them. */
const permissionNames: readonly (readonly [bigint, string])[] = [
  [PermissionFlagsBits.ViewChannel, "View Channel"],
  [PermissionFlagsBits.SendMessages, "Send Messages"],
  [PermissionFlagsBits.EmbedLinks, "Embed Links"],
  [PermissionFlagsBits.CreatePublicThreads, "Create Public Threads"],
  [PermissionFlagsBits.SendMessagesInThreads, "Send Messages in Threads"],
];

/**
 * Refuses the channel unless the bot holds `needs` there; the bot's permissions there otherwise. Discord sends
 * them for the channel the command was run in (`app_permissions`); the resolved channel of an option carries
 * only the member's (`permissions`), so another channel's are read over REST.
 */
export async function requireBotCanPost(
  deps: Pick<BotDependencies, "rest" | "applicationId">,
  actor: ServerActor,
  channel: ChannelArgument,
  needs: bigint,
): Promise<bigint> {
  const permissions = await readBotPermissionsIn(deps, actor, channel);
  if (permissions === "unknown-channel")
    throw new UserFacingError("unknown_channel", `<#${channel.id}> no longer exists. Pick another channel.`);
  if (permissions === "not-in-server") throw notInServer(channel.id);
  // `app_permissions` are the app's, not proof of a bot in the server: with the app added with its commands
  // only they can pass (what @everyone may do) or lack everything, and a route taken there would post nowhere.
  // So Discord is asked whether the bot is a member; when it cannot say (an outage), the permissions decide.
  if (takesAppPermissions(actor, channel) && (await isBotInGuild(deps.rest, actor.guildId)) === false)
    throw notInServer(channel.id);
  const missing = namePermissions(needs & ~permissions);
  if (missing.length > 0) {
    throw new UserFacingError(
      "bot_cannot_post",
      `I can't post in <#${channel.id}>: I lack ${listBold(missing)} there. Grant ${missing.length === 1 ? "it" : "them"} ` +
        "to me (or my role) in the channel's permissions, then run this again. Nothing was changed.",
    );
  }
  return permissions;
}

function notInServer(channelId: string): UserFacingError {
  return new UserFacingError(
    "bot_not_in_server",
    `I can't post in <#${channelId}>: the bot isn't a member of this server (the app may have been added ` +
      "with its commands only). Add the bot to the server, then run this again. Nothing was changed.",
  );
}

/** A note (shown under ⚠️) when the bot cannot use threads in the channel, where they would take battle and tournament updates. */
export function noteMissingThreadPermissions(channelId: string, permissions: bigint): string | undefined {
  const missing = namePermissions(threadNeeds & ~permissions);
  if (missing.length === 0) return undefined;
  return (
    `I lack ${listBold(missing)} in <#${channelId}>, so battle and tournament updates will be posted in the ` +
    "channel rather than in threads, and admins told once. Grant them there to have threads."
  );
}

async function readBotPermissionsIn(
  deps: Pick<BotDependencies, "rest" | "applicationId">,
  actor: ServerActor,
  channel: ChannelArgument,
): Promise<BotChannelPermissions> {
  if (channel.id === actor.channelId && actor.appPermissions !== undefined) return actor.appPermissions;
  // The bot's user id is its application's (Discord's bots are their applications' users).
  return await readBotChannelPermissions(deps.rest, {
    guildId: actor.guildId,
    channelId: channel.id,
    botUserId: deps.applicationId,
  });
}

/** The channel the command was run in, whose bot permissions the interaction carried (readBotPermissionsIn). */
function takesAppPermissions(actor: ServerActor, channel: ChannelArgument): boolean {
  return channel.id === actor.channelId && actor.appPermissions !== undefined;
}

function namePermissions(bits: bigint): string[] {
  return permissionNames.filter(([bit]) => (bits & bit) !== 0n).map(([, name]) => name);
}

function listBold(names: readonly string[]): string {
  const bold = names.map((name) => `**${name}**`);
  return bold.length <= 1 ? (bold[0] ?? "") : `${bold.slice(0, -1).join(", ")} and ${bold.at(-1)}`;
}
