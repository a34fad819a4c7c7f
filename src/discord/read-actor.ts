import type { APIInteraction } from "discord-api-types/v10";
import type { Actor } from "./interaction-handlers.js";

/**
 * The acting member. Outside a server (the bot's DM, a private channel) Discord sends `user` instead of
 * `member` and no `guild_id`: the actor has no guild and no server permissions (docs/architecture.md, "Outside
 * a server"). Undefined for a body with neither.
 */
export function readActor(interaction: APIInteraction): Actor | undefined {
  const { guild_id: guildId, member } = interaction;
  if (guildId === undefined) {
    const user = interaction.user;
    if (user === undefined || member !== undefined) return undefined;
    return {
      guildId: undefined,
      channelId: interaction.channel?.id,
      userId: user.id,
      username: user.username,
      displayName: user.global_name ?? user.username,
      permissions: 0n,
      locale: ("locale" in interaction ? interaction.locale : undefined) ?? "en-US",
    };
  }
  if (member === undefined) return undefined;
  return {
    guildId,
    channelId: interaction.channel?.id,
    userId: member.user.id,
    username: member.user.username,
    displayName: member.nick ?? member.user.global_name ?? member.user.username,
    permissions: BigInt(member.permissions),
    locale: ("locale" in interaction ? interaction.locale : undefined) ?? interaction.guild_locale ?? "en-US",
  };
}

const administrator = 1n << 3n;

/** Admin commands carry `default_member_permissions` and are re-checked at run time, since guilds can override it. */
export function hasPermissions(actor: Actor, required: string | null | undefined): boolean {
  if (required === undefined || required === null) return true;
  const bits = BigInt(required);
  return (actor.permissions & administrator) === administrator || (actor.permissions & bits) === bits;
}
