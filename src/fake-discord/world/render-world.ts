import type { APIUser } from "discord.js";
import { applyChannelAccess, computeMemberPermissions } from "./permissions.js";
import type { FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser } from "./world-types.js";

/** API objects as Discord serialises them (docs: Resources, User / Guild / Channel). */

/** A JSON object as sent on the wire; the fake does not need discord-api-types' enums to build one. */
export type ApiObject = Record<string, unknown>;

export function renderUser(user: FakeUser): APIUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: "0",
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true } : {}),
  };
}

export function renderRole(role: FakeRole): ApiObject {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

export function renderMember(member: FakeMember, user: FakeUser): ApiObject & { user: APIUser } {
  return {
    user: renderUser(user),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: member.roleIds,
    joined_at: new Date(member.joinedAt).toISOString(),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A member as interactions carry it: with the permissions string Discord computes for them. */
export function renderInteractionMember(
  guild: FakeGuild,
  member: FakeMember,
  user: FakeUser,
): ApiObject & { user: APIUser; permissions: string } {
  return { ...renderMember(member, user), permissions: computeMemberPermissions(guild, member).toString() };
}

export function renderChannel(channel: FakeChannel): ApiObject {
  return {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

/** The bot's own permissions in a channel, as `app_permissions` and resolved channels carry them. */
export function botChannelPermissions(guild: FakeGuild, channel: FakeChannel, botUserId: string): bigint {
  const member = guild.members.get(botUserId);
  const base = member === undefined ? 0n : computeMemberPermissions(guild, member);
  return applyChannelAccess(base, channel.access);
}
