import { ChannelType, InteractionContextType, PermissionFlagsBits } from "discord.js";
import type { FakeWorld } from "../world/world.js";
import { renderUser } from "../world/render-world.js";

/** Discord's upload limit without boosts or Nitro (10 MiB), sent as attachment_size_limit. */
const attachmentSizeLimit = 10 * 1024 * 1024;

/** Where a user-installed command runs outside a guild: a DM with the bot, or a DM or group DM of users. */
export interface PrivateChannel {
  id: string;
  context: InteractionContextType.BotDM | InteractionContextType.PrivateChannel;
  /** Everyone in it but the user who runs the command (the bot for BOT_DM). */
  otherUserIds: readonly string[];
}

export interface UserInstallContext {
  world: FakeWorld;
  applicationId: string;
  userId: string;
  channel: PrivateChannel;
  locale: string;
}

/**
 * The app's permissions outside a guild (docs: Interactions, Interaction Object — app_permissions): Attach
 * Files, Embed Links and Mention Everyone in (group) DMs, and Use External Emojis too in the bot's own DM.
 */
function privateChannelPermissions(context: InteractionContextType): bigint {
  const base =
    PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.MentionEveryone;
  return context === InteractionContextType.BotDM ? base | PermissionFlagsBits.UseExternalEmojis : base;
}

/**
 * An interaction from a user install outside a guild (docs: Interactions, Interaction Object): no
 * `guild_id` and no `member` but `user`, `context` 1 or 2, and the installation owned by the user in
 * `authorizing_integration_owners` under "1" (USER_INSTALL).
 */
export function buildUserInstallEnvelope(
  context: UserInstallContext,
  id: string,
  token: string,
  type: number,
): Record<string, unknown> {
  const { world, channel } = context;
  const user = world.requireUser(context.userId);
  const others = channel.otherUserIds.map((userId) => renderUser(world.requireUser(userId)));
  const isGroup = channel.context === InteractionContextType.PrivateChannel && others.length > 1;
  return {
    id,
    application_id: context.applicationId,
    type,
    channel: {
      id: channel.id,
      type: isGroup ? ChannelType.GroupDM : ChannelType.DM,
      last_message_id: null,
      flags: 0,
      recipients: others,
      ...(isGroup ? { name: null, icon: null, owner_id: user.id } : {}),
    },
    channel_id: channel.id,
    user: renderUser(user),
    token,
    version: 1,
    app_permissions: privateChannelPermissions(channel.context).toString(),
    locale: context.locale,
    entitlements: [],
    authorizing_integration_owners: { "1": user.id },
    context: channel.context,
    attachment_size_limit: attachmentSizeLimit,
  };
}

/** The envelope of a component press or modal submit that follows an interaction outside a guild. */
export function followUserInstallEnvelope(
  earlier: Readonly<Record<string, unknown>>,
  id: string,
  token: string,
  type: number,
): Record<string, unknown> {
  const { data: _data, message: _message, ...envelope } = earlier;
  return { ...envelope, id, token, type };
}
