// Building the fake world (docs/architecture.md, "The stand-ins"): users, guilds, channels, roles and members,
// on the indexes of world-index.ts and the changes of world-changes.ts; roles, threads and scheduled events
// are sub-areas of their own (guild-roles.ts, guild-threads.ts, guild-scheduled-events.ts).
import type { Clock } from "../clock.js";
import { shardForGuild, type SnowflakeGenerator } from "../snowflake.js";
import { botPermissions, combinePermissions, type PermissionName } from "./permissions.js";
import { everyoneRole, GuildRoles } from "./guild-roles.js";
import { GuildScheduledEvents } from "./guild-scheduled-events.js";
import { GuildThreads } from "./guild-threads.js";
import { WorldChanges } from "./world-changes.js";
import type { FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser } from "./world-types.js";

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
export class FakeWorld extends WorldChanges {
  /** Role and member-role changes, threads and scheduled events, told to the same listeners. */
  readonly roles: GuildRoles;
  readonly threads: GuildThreads;
  readonly scheduledEvents: GuildScheduledEvents;

  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly clock: Clock,
    readonly botUser: FakeUser,
  ) {
    super();
    this.users.set(botUser.id, botUser);
    this.roles = new GuildRoles(nextId, this.listeners);
    this.threads = new GuildThreads(clock, this.channels, this.listeners);
    this.scheduledEvents = new GuildScheduledEvents(nextId, clock, this.listeners);
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
