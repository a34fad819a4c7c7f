import {
  ApplicationIntegrationType,
  InteractionContextType,
  type APIInteraction,
  type APIUser,
} from "discord-api-types/v10";
import type { Actor } from "./interaction-handlers.js";

/**
 * The acting member. Outside a server (the bot's DM, a private channel) Discord sends `user` instead of
 * `member` and no `guild_id`: the actor has no guild and no server permissions (docs/architecture.md, "Outside
 * a server"). So does a member's own install used in a server that did not install the bot: that server is not
 * the bot's, so the member acts as outside one. Undefined for a body with neither.
 */
export function readActor(interaction: APIInteraction): Actor | undefined {
  const { guild_id: guildId, member } = interaction;
  if (guildId === undefined) {
    const user = interaction.user;
    if (user === undefined || member !== undefined) return undefined;
    return outsideServer(interaction, user);
  }
  if (member === undefined) return undefined;
  if (!installedInServer(interaction)) return outsideServer(interaction, member.user);
  return {
    guildId,
    channelId: interaction.channel?.id,
    channelType: interaction.channel?.type,
    userId: member.user.id,
    username: member.user.username,
    displayName: member.nick ?? member.user.global_name ?? member.user.username,
    permissions: BigInt(member.permissions),
    appPermissions: readAppPermissions(interaction),
    roleIds: member.roles,
    locale: ("locale" in interaction ? interaction.locale : undefined) ?? interaction.guild_locale ?? "en-US",
  };
}

/**
 * Whether the server's own install of the bot authorised the interaction: Discord names each install that did
 * in `authorizing_integration_owners`, the server's under GUILD_INSTALL (0). A body without the field (Discord
 * added it with user installs; the types say it is always there) is taken as the server's.
 */
function installedInServer(interaction: APIInteraction): boolean {
  const owners = interaction.authorizing_integration_owners as
    Partial<Record<ApplicationIntegrationType, string>> | undefined;
  return owners === undefined || owners[ApplicationIntegrationType.GuildInstall] !== undefined;
}

function outsideServer(interaction: APIInteraction, user: APIUser): Actor {
  return {
    guildId: undefined,
    channelId: interaction.channel?.id,
    userId: user.id,
    username: user.username,
    displayName: user.global_name ?? user.username,
    permissions: 0n,
    inBotDm: interaction.context === InteractionContextType.BotDM,
    locale: ("locale" in interaction ? interaction.locale : undefined) ?? "en-US",
  };
}

/** `app_permissions`, which Discord sends on every interaction but a ping; a body without it has none. */
function readAppPermissions(interaction: APIInteraction): bigint | undefined {
  const permissions = "app_permissions" in interaction ? interaction.app_permissions : undefined;
  return typeof permissions === "string" && /^\d+$/.test(permissions) ? BigInt(permissions) : undefined;
}

const administrator = 1n << 3n;

/** Admin commands carry `default_member_permissions` and are re-checked at run time, since guilds can override it. */
export function hasPermissions(actor: Actor, required: string | null | undefined): boolean {
  if (required === undefined || required === null) return true;
  const bits = BigInt(required);
  return (actor.permissions & administrator) === administrator || (actor.permissions & bits) === bits;
}
