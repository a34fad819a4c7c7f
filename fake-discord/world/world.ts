import type { Clock } from "../clock.js";
import { shardForGuild, type SnowflakeGenerator } from "../snowflake.js";
import { botPermissions, combinePermissions, type PermissionName } from "./permissions.js";
import { everyoneRole, GuildRoles } from "./guild-roles.js";
import { GuildScheduledEvents } from "./guild-scheduled-events.js";
import { GuildThreads } from "./guild-threads.js";
import type { WorldListener } from "./world-listener.js";
import {
  threadChannelTypes,
  type FakeChannel,
  type FakeGuild,
  type FakeMember,
  type FakeOverwrite,
  type FakeRole,
  type FakeUser,
} from "./world-types.js";

export type { WorldListener } from "./world-listener.js";
export { everyoneRole } from "./guild-roles.js";

export interface NewMember {
  username?: string;
  /** Reuse an existing user (the same person in several guilds). */
  userId?: string;
  /** Guild permissions, given through a role made for this member (placed above every other role). */
  permissions?: readonly PermissionName[];
  roleIds?: readonly string[];
  nick?: string;
}

/** Guilds, channels, roles, members and users: the part of Discord a test builds before acting. */
export class FakeWorld {
  readonly users = new Map<string, FakeUser>();
  /** The guilds the bot is in. */
  readonly guilds = new Map<string, FakeGuild>();
  /** Guilds the bot was removed from, kept whole so it can be added back. */
  private readonly departedGuilds = new Map<string, FakeGuild>();
  /** Guilds the bot is in that are down (an outage): READY sends them as GUILD_DELETE `unavailable: true`. */
  readonly unavailableGuilds = new Set<string>();
  private readonly channels = new Map<string, FakeChannel>();
  private readonly listeners: WorldListener[] = [];
  /** Role and member-role changes, threads and scheduled events, told to the same listeners. */
  readonly roles: GuildRoles;
  readonly threads: GuildThreads;
  readonly scheduledEvents: GuildScheduledEvents;

  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly clock: Clock,
    readonly botUser: FakeUser,
  ) {
    this.users.set(botUser.id, botUser);
    this.roles = new GuildRoles(nextId, this.listeners);
    this.threads = new GuildThreads(clock, this.channels, this.listeners);
    this.scheduledEvents = new GuildScheduledEvents(nextId, this.listeners);
  }

  listen(listener: WorldListener): void {
    this.listeners.push(listener);
  }

  createUser(options: { username: string; globalName?: string; bot?: boolean }): FakeUser {
    const user = {
      id: this.nextId(),
      username: options.username,
      globalName: options.globalName ?? null,
      bot: options.bot ?? false,
    };
    this.users.set(user.id, user);
    return user;
  }

  createGuild(options: {
    name: string;
    ownerId?: string;
    locale?: string;
    channelNames?: readonly string[];
    /** [shard_id, num_shards]: an id whose events Discord's formula sends to that shard. */
    shard?: readonly [number, number];
  }): FakeGuild {
    const id = options.shard === undefined ? this.nextId() : this.nextIdOnShard(options.shard);
    const ownerId = options.ownerId ?? this.createUser({ username: `owner-${this.guilds.size + 1}` }).id;
    const guild: FakeGuild = {
      id,
      name: options.name,
      ownerId,
      preferredLocale: options.locale ?? "en-US",
      createdAt: this.clock.now(),
      icon: null,
      description: null,
      features: [],
      premiumTier: 0,
      channels: new Map(),
      threads: new Map(),
      scheduledEvents: new Map(),
      roles: new Map([[id, everyoneRole(id)]]),
      members: new Map(),
      unlistedMemberCount: 0,
      emojis: [],
      stickers: [],
    };
    this.guilds.set(id, guild);
    // The role Discord makes for a bot when it joins: managed, tagged with the bot's id.
    const botRole = this.roles.add(guild, {
      name: this.botUser.username,
      permissions: botPermissions,
      position: 1,
      botId: this.botUser.id,
    });
    guild.members.set(this.botUser.id, this.newMember(this.botUser.id, [botRole.id]));
    if (!guild.members.has(ownerId)) guild.members.set(ownerId, this.newMember(ownerId, []));
    for (const name of options.channelNames ?? []) this.addChannel(guild, { name });
    for (const listener of this.listeners) listener.guildCreated?.(guild);
    return guild;
  }

  /**
   * Adds a guild built whole elsewhere (seed-realistic-guilds.ts), with its users: indexes its channels
   * and threads and tells the gateway, as createGuild does.
   */
  insertGuild(guild: FakeGuild, users: readonly FakeUser[]): void {
    for (const user of users) this.users.set(user.id, user);
    for (const channel of guild.channels.values()) this.channels.set(channel.id, channel);
    for (const thread of guild.threads.values()) this.channels.set(thread.id, thread);
    this.guilds.set(guild.id, guild);
    for (const listener of this.listeners) listener.guildCreated?.(guild);
  }

  createChannel(guildId: string, options: { name: string; type?: number }): FakeChannel {
    const channel = this.addChannel(this.requireGuild(guildId), options);
    for (const listener of this.listeners) listener.channelCreated?.(channel);
    return channel;
  }

  /** A role above every other one, as a server admin makes one for themselves; told as GUILD_ROLE_CREATE. */
  createRole(guildId: string, options: { name: string; permissions: readonly PermissionName[] }): FakeRole {
    const guild = this.requireGuild(guildId);
    return this.roles.create(guild, {
      name: options.name,
      permissions: combinePermissions(options.permissions),
      position: topPosition(guild),
    });
  }

  createMember(guildId: string, options: NewMember): { user: FakeUser; member: FakeMember } {
    const guild = this.requireGuild(guildId);
    const user =
      options.userId === undefined
        ? this.createUser({ username: options.username ?? `member-${this.users.size}` })
        : this.requireUser(options.userId);
    const roleIds = [...(options.roleIds ?? [])];
    if (options.permissions !== undefined && options.permissions.length > 0) {
      const role = this.roles.create(guild, {
        name: `${user.username}'s role`,
        permissions: combinePermissions(options.permissions),
        position: topPosition(guild),
      });
      roleIds.push(role.id);
    }
    const member = this.newMember(user.id, roleIds);
    if (options.nick !== undefined) member.nick = options.nick;
    guild.members.set(user.id, member);
    return { user, member };
  }

  /** The member leaves (or is kicked); GET /guilds/{id}/members/{user} then answers 404 10007 Unknown Member. */
  removeMember(guildId: string, userId: string): void {
    const guild = this.requireGuild(guildId);
    const member = guild.members.get(userId);
    if (member === undefined) throw new Error(`User ${userId} is not a member of guild ${guild.name}`);
    guild.members.delete(userId);
    for (const listener of this.listeners) listener.memberRemoved?.(guild, member);
  }

  deleteChannel(channelId: string): void {
    const channel = this.channels.get(channelId);
    if (channel === undefined) return;
    this.channels.delete(channelId);
    this.guilds.get(channel.guildId)?.channels.delete(channelId);
    this.guilds.get(channel.guildId)?.threads.delete(channelId);
    const departed = this.departedGuilds.get(channel.guildId);
    departed?.channels.delete(channelId);
    departed?.threads.delete(channelId);
    // The bot hears of it only in a guild it is in.
    if (departed === undefined) for (const listener of this.listeners) listener.channelDeleted?.(channel);
  }

  /** The bot leaves the guild; its channels then answer 403 Missing Access and the guild 404 Unknown Guild. */
  removeBot(guildId: string): void {
    const guild = this.requireGuild(guildId);
    this.guilds.delete(guildId);
    this.unavailableGuilds.delete(guildId);
    this.departedGuilds.set(guildId, guild);
    for (const listener of this.listeners) listener.botRemoved?.(guild);
  }

  /** The bot is invited back to a guild it was removed from, which is as it was left. */
  addBotBack(guildId: string): void {
    const guild = this.departedGuilds.get(guildId);
    if (guild === undefined) throw new Error(`The bot was not removed from guild ${guildId}`);
    this.departedGuilds.delete(guildId);
    this.guilds.set(guildId, guild);
    for (const listener of this.listeners) listener.guildCreated?.(guild);
  }

  /** An outage of the guild begins (GUILD_DELETE `unavailable: true`) or ends (GUILD_CREATE). */
  setGuildAvailability(guildId: string, available: boolean): void {
    const guild = this.requireGuild(guildId);
    if (available === !this.unavailableGuilds.has(guildId)) return;
    if (available) this.unavailableGuilds.delete(guildId);
    else this.unavailableGuilds.add(guildId);
    for (const listener of this.listeners) {
      if (available) listener.guildCreated?.(guild);
      else listener.guildUnavailable?.(guild);
    }
  }

  /**
   * Puts a role's or member's overwrite on a channel, replacing the one it had, as Edit Channel Permissions
   * does; told as CHANNEL_UPDATE (docs: Channel, Edit Channel Permissions). Threads have none of their own.
   */
  setChannelOverwrite(channelId: string, overwrite: FakeOverwrite): void {
    const channel = this.requireOverwritable(channelId);
    const others = channel.permissionOverwrites.filter((each) => each.id !== overwrite.id);
    channel.permissionOverwrites = [...others, { ...overwrite }];
    this.tellChannelUpdated(channel);
  }

  /** Takes a role's or member's overwrite off a channel (docs: Channel, Delete Channel Permission). */
  deleteChannelOverwrite(channelId: string, overwriteId: string): void {
    const channel = this.requireOverwritable(channelId);
    const kept = channel.permissionOverwrites.filter((each) => each.id !== overwriteId);
    if (kept.length === channel.permissionOverwrites.length) return;
    channel.permissionOverwrites = kept;
    this.tellChannelUpdated(channel);
  }

  channel(channelId: string): FakeChannel | undefined {
    return this.channels.get(channelId);
  }

  requireGuild(guildId: string): FakeGuild {
    const guild = this.guilds.get(guildId);
    if (guild === undefined) throw new Error(`No guild ${guildId} in the fake Discord`);
    return guild;
  }

  requireChannel(channelId: string): FakeChannel {
    const channel = this.channels.get(channelId);
    if (channel === undefined) throw new Error(`No channel ${channelId} in the fake Discord`);
    return channel;
  }

  requireUser(userId: string): FakeUser {
    const user = this.users.get(userId);
    if (user === undefined) throw new Error(`No user ${userId} in the fake Discord`);
    return user;
  }

  requireMember(guildId: string, userId: string): FakeMember {
    const member = this.requireGuild(guildId).members.get(userId);
    if (member === undefined) throw new Error(`User ${userId} is not a member of guild ${guildId}`);
    return member;
  }

  /**
   * Draws ids until one lands on the shard. The shard depends on the timestamp bits only, and the generator
   * moves its timestamp on after 4,096 ids in one millisecond, so this ends within num_shards × 4,096 draws.
   */
  private nextIdOnShard([shardId, shardCount]: readonly [number, number]): string {
    if (!Number.isInteger(shardId) || shardId < 0 || shardId >= shardCount)
      throw new Error(`shard ${shardId} is not one of ${shardCount}`);
    for (;;) {
      const id = this.nextId();
      if (shardForGuild(id, shardCount) === shardId) return id;
    }
  }

  private requireOverwritable(channelId: string): FakeChannel {
    const channel = this.requireChannel(channelId);
    if (threadChannelTypes.has(channel.type))
      throw new Error(`Channel ${channelId} is a thread: it takes its parent channel's overwrites`);
    return channel;
  }

  /** The bot hears of it only in a guild it is in. */
  private tellChannelUpdated(channel: FakeChannel): void {
    if (!this.guilds.has(channel.guildId)) return;
    for (const listener of this.listeners) listener.channelUpdated?.(channel);
  }

  private addChannel(guild: FakeGuild, options: { name: string; type?: number }): FakeChannel {
    const channel: FakeChannel = {
      id: this.nextId(),
      guildId: guild.id,
      name: options.name,
      type: options.type ?? 0,
      position: guild.channels.size,
      parentId: null,
      topic: null,
      permissionOverwrites: [],
    };
    guild.channels.set(channel.id, channel);
    this.channels.set(channel.id, channel);
    return channel;
  }

  private newMember(userId: string, roleIds: string[]): FakeMember {
    return { userId, roleIds, joinedAt: this.clock.now(), nick: null };
  }
}

/** One above the guild's highest role. */
function topPosition(guild: FakeGuild): number {
  let top = 0;
  for (const role of guild.roles.values()) top = Math.max(top, role.position);
  return top + 1;
}
