// The bot's own permissions in a channel of a server, read over REST: the channel's overwrites, the server's
// roles and owner, and the bot's roles, computed as Discord does (src/discord/channel-permissions.ts). An
// interaction carries the bot's permissions only in the channel it was run in (`app_permissions`); a channel
// option's resolved `permissions` are the invoking member's, not the bot's (docs/architecture.md, "Routing").
import { DiscordAPIError, type REST } from "@discordjs/rest";
import {
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  Routes,
  type APIGuild,
  type APIGuildChannel,
  type APIGuildMember,
} from "discord-api-types/v10";
import { computeChannelPermissions } from "./channel-permissions.js";

/**
 * The bot's permissions there; "unknown-channel" once the channel was deleted (10003); "not-in-server" when the
 * bot is not a member of the server: the app was added with its commands only, or the bot was removed. Discord
 * then answers the server's routes 10004 Unknown Guild, as for a server that does not exist.
 */
export type BotChannelPermissions = bigint | "unknown-channel" | "not-in-server";

export async function readBotChannelPermissions(
  rest: REST,
  place: { readonly guildId: string; readonly channelId: string; readonly botUserId: string },
): Promise<BotChannelPermissions> {
  const [channelRead, guildRead, memberRead] = await Promise.allSettled([
    readChannel(rest, place.channelId),
    rest.get(Routes.guild(place.guildId)) as Promise<Pick<APIGuild, "owner_id" | "roles">>,
    rest.get(Routes.guildMember(place.guildId, place.botUserId)) as Promise<APIGuildMember>,
  ]);
  // Whichever read failed first, the server's or the bot's member saying the bot is not there decides.
  for (const read of [guildRead, memberRead]) {
    if (read.status === "rejected" && isNotInServer(read.reason)) return "not-in-server";
  }
  const channel = settledValue(channelRead);
  const guild = settledValue(guildRead);
  const member = settledValue(memberRead);
  if (channel === "unknown-channel") return channel;
  const inputs = {
    guildId: place.guildId,
    ownerId: guild.owner_id,
    roles: guild.roles,
    userId: place.botUserId,
    memberRoleIds: member.roles,
  };
  // Discord shows a channel the bot cannot see to it as 50001 Missing Access, overwrites and all: what is
  // known is its server-wide permissions, less View Channel.
  if (channel === "hidden")
    return computeChannelPermissions({ ...inputs, overwrites: [] }) & ~PermissionFlagsBits.ViewChannel;
  return computeChannelPermissions({ ...inputs, overwrites: channel.permission_overwrites ?? [] });
}

/** What the read answered; what it failed with is thrown. */
function settledValue<T>(read: PromiseSettledResult<T>): T {
  if (read.status === "rejected") throw read.reason;
  return read.value;
}

/**
 * The server's read or the bot's member answered as to a bot that is no member: 10004 Unknown Guild (the
 * server's route since 2023), 10007 Unknown Member, or 50001 Missing Access, which the server's routes answered
 * before (as `isBotInGuild` reads them, list-bot-guilds.ts).
 */
function isNotInServer(error: unknown): boolean {
  return error instanceof DiscordAPIError && notInServerCodes.has(error.code);
}

const notInServerCodes: ReadonlySet<number | string> = new Set([
  RESTJSONErrorCodes.UnknownGuild,
  RESTJSONErrorCodes.UnknownMember,
  RESTJSONErrorCodes.MissingAccess,
]);

async function readChannel(
  rest: REST,
  channelId: string,
): Promise<Pick<APIGuildChannel, "permission_overwrites"> | "hidden" | "unknown-channel"> {
  try {
    return (await rest.get(Routes.channel(channelId))) as Pick<APIGuildChannel, "permission_overwrites">;
  } catch (error) {
    if (!(error instanceof DiscordAPIError)) throw error;
    if (error.code === RESTJSONErrorCodes.MissingAccess) return "hidden";
    if (error.code === RESTJSONErrorCodes.UnknownChannel) return "unknown-channel";
    throw error;
  }
}
