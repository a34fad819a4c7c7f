import {
  botChannelPermissions,
  memberChannelPermissions,
  renderChannel,
  renderInteractionMember,
} from "../world/render-world.js";
import type { FakeWorld } from "../world/world.js";

/** Discord's upload limit for a bot without boosts (10 MiB), sent as attachment_size_limit. */
const attachmentSizeLimit = 10 * 1024 * 1024;

export interface InteractionContext {
  world: FakeWorld;
  applicationId: string;
  guildId: string;
  channelId: string;
  userId: string;
  locale: string;
}

/**
 * The fields every guild interaction carries (docs: Interactions, Interaction Object): the member with
 * their permissions, the bot's permissions in the channel, the partial channel, locales and the token.
 */
export function buildInteractionEnvelope(
  context: InteractionContext,
  id: string,
  token: string,
  type: number,
): Record<string, unknown> {
  const { world } = context;
  const guild = world.requireGuild(context.guildId);
  const channel = world.requireChannel(context.channelId);
  const member = world.requireMember(context.guildId, context.userId);
  const user = world.requireUser(context.userId);
  return {
    id,
    application_id: context.applicationId,
    type,
    guild_id: guild.id,
    guild: { id: guild.id, locale: guild.preferredLocale, features: [] },
    channel: {
      ...renderChannel(channel),
      permissions: memberChannelPermissions(guild, channel, member).toString(),
    },
    channel_id: channel.id,
    member: renderInteractionMember(guild, member, user, channel),
    token,
    version: 1,
    app_permissions: botChannelPermissions(guild, channel, world.botUser.id).toString(),
    locale: context.locale,
    guild_locale: guild.preferredLocale,
    entitlements: [],
    authorizing_integration_owners: { "0": guild.id },
    context: 0,
    attachment_size_limit: attachmentSizeLimit,
  };
}
