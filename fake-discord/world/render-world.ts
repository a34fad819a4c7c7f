import type { APIUser } from "discord.js";
import { computeChannelPermissions } from "./permissions.js";
import { readSnowflakeTimestamp } from "../snowflake.js";
import {
  threadChannelTypes,
  type FakeChannel,
  type FakeGuild,
  type FakeMember,
  type FakeOverwrite,
  type FakeRole,
  type FakeUser,
} from "./world-types.js";

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

/** A role (docs: Topics, Permissions — Role Object); a bot's managed role carries `tags.bot_id`. */
export function renderRole(role: FakeRole): ApiObject {
  const rendered: ApiObject = {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: role.hoist,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions.toString(),
    managed: role.managed,
    mentionable: role.mentionable,
    flags: 0,
  };
  if (role.botId !== null) rendered.tags = { bot_id: role.botId };
  return rendered;
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

/**
 * A member as an interaction carries them, with their total permissions in the interaction's channel, its
 * overwrites included (docs: Guild Member Object, `permissions`).
 */
export function renderInteractionMember(
  guild: FakeGuild,
  member: FakeMember,
  user: FakeUser,
  channel: FakeChannel,
): ApiObject & { user: APIUser; permissions: string } {
  return {
    ...renderMember(member, user),
    permissions: memberChannelPermissions(guild, channel, member).toString(),
  };
}

/** Voice and stage channels (types 2 and 13) also carry their audio settings (docs: Channel Object). */
const voiceChannelTypes: ReadonlySet<number> = new Set([2, 13]);

export function renderChannel(channel: FakeChannel): ApiObject {
  const rendered: ApiObject = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: channel.permissionOverwrites.map(renderOverwrite),
    parent_id: channel.parentId,
    nsfw: false,
    topic: channel.topic,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
  if (voiceChannelTypes.has(channel.type))
    Object.assign(rendered, { bitrate: 64_000, user_limit: 0, rtc_region: null, video_quality_mode: 1 });
  return rendered;
}

export function renderOverwrite(overwrite: FakeOverwrite): ApiObject {
  const { id, type } = overwrite;
  return { id, type, allow: overwrite.allow.toString(), deny: overwrite.deny.toString() };
}

/**
 * A thread (docs: Channel Object, Thread Metadata; Topics, Threads — Thread Fields). A seeded thread without
 * its own fields is shown as a fresh one started by the guild's owner.
 */
export function renderThread(thread: FakeChannel, guild: FakeGuild): ApiObject {
  const created = readSnowflakeTimestamp(thread.id);
  const state = thread.thread;
  const iso = (at: number) => new Date(at).toISOString();
  return {
    id: thread.id,
    type: thread.type,
    guild_id: thread.guildId,
    parent_id: thread.parentId,
    owner_id: state?.ownerId ?? guild.ownerId,
    name: thread.name,
    last_message_id: state?.lastMessageId ?? null,
    rate_limit_per_user: state?.rateLimitPerUser ?? 0,
    flags: 0,
    message_count: state?.messageCount ?? 0,
    member_count: 1,
    total_message_sent: state?.totalMessageSent ?? 0,
    thread_metadata: {
      archived: state?.archived ?? false,
      auto_archive_duration: state?.autoArchiveDuration ?? 1440,
      archive_timestamp: iso(state?.archiveTimestamp ?? created),
      locked: state?.locked ?? false,
      create_timestamp: iso(state?.createTimestamp ?? created),
    },
  };
}

/** A channel as GET /channels/{id} returns it: a thread with its thread fields. */
export function renderAnyChannel(channel: FakeChannel, guild: FakeGuild | undefined): ApiObject {
  return guild !== undefined && threadChannelTypes.has(channel.type)
    ? renderThread(channel, guild)
    : renderChannel(channel);
}

/**
 * The bot's own permissions in a channel, as `app_permissions` and resolved channels carry them and as its
 * requests are checked: its roles and the channel's overwrites (world/permissions.ts). A thread is judged by
 * its parent channel's overwrites (Discord's documentation, Topics, Permissions, "Inherited Permissions
 * (Threads)").
 */
export function botChannelPermissions(guild: FakeGuild, channel: FakeChannel, botUserId: string): bigint {
  const member = guild.members.get(botUserId);
  return member === undefined ? 0n : memberChannelPermissions(guild, channel, member);
}

/** A member's permissions in a channel, a thread judged by its parent channel's overwrites. */
export function memberChannelPermissions(guild: FakeGuild, channel: FakeChannel, member: FakeMember): bigint {
  const parent =
    threadChannelTypes.has(channel.type) && channel.parentId !== null
      ? guild.channels.get(channel.parentId)
      : undefined;
  return computeChannelPermissions(guild, parent ?? channel, member);
}
