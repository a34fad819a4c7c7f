// Whom the bot may ping by role or as everyone in a channel (mentions.ts): its permissions there, as its
// requests are checked (world/render-world.ts), and each role's `mentionable`.
import { PermissionFlagsBits } from "discord.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { botChannelPermissions } from "../world/render-world.js";
import type { MentionRules } from "./mentions.js";

/** The rules for a message the bot sends in `channelId`; undefined outside a server. */
export function botMentionRules(
  state: FakeDiscordState,
  guildId: string | null,
  channelId: string,
): MentionRules | undefined {
  const guild = guildId === null ? undefined : state.world.guilds.get(guildId);
  const channel = guild?.channels.get(channelId) ?? guild?.threads.get(channelId);
  if (guild === undefined || channel === undefined) return undefined;
  const permissions = botChannelPermissions(guild, channel, state.world.botUser.id);
  const canMentionEveryone = (permissions & PermissionFlagsBits.MentionEveryone) !== 0n;
  return {
    canMentionEveryone,
    canMentionRole: (roleId) => {
      const role = guild.roles.get(roleId);
      return role !== undefined && roleId !== guild.id && (role.mentionable || canMentionEveryone);
    },
  };
}
