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
  let read;
  try {
    read = await Promise.all([
      readChannel(rest, place.channelId),
      rest.get(Routes.guild(place.guildId)) as Promise<Pick<APIGuild, "owner_id" | "roles">>,
      rest.get(Routes.guildMember(place.guildId, place.botUserId)) as Promise<APIGuildMember>,
    ]);
  } catch (error) {
    if (error instanceof DiscordAPIError && notInServerCodes.has(error.code)) return "not-in-server";
    throw error;
  }
  const [channel, guild, member] = read;
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

/** The server unknown to the bot, or the bot no member of it. */
const notInServerCodes: ReadonlySet<number | string> = new Set([
  RESTJSONErrorCodes.UnknownGuild,
  RESTJSONErrorCodes.UnknownMember,
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
