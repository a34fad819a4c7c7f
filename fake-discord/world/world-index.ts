// The fake world's indexes and look-ups (docs/architecture.md, "The stand-ins"): every user, the guilds the bot
// is in, was removed from or sees down, every channel and thread by id, and the listeners told of changes.
// world-changes.ts and world.ts build on them.
import type { WorldListener } from "./world-listener.js";
import type { FakeChannel, FakeGuild, FakeMember, FakeUser } from "./world-types.js";

export class WorldIndex {
  readonly users = new Map<string, FakeUser>();
  /** The guilds the bot is in. */
  readonly guilds = new Map<string, FakeGuild>();
  /** Guilds the bot was removed from, kept whole so it can be added back. */
  protected readonly departedGuilds = new Map<string, FakeGuild>();
  /** Guilds the bot is in that are down (an outage): READY sends them as GUILD_DELETE `unavailable: true`. */
  readonly unavailableGuilds = new Set<string>();
  protected readonly channels = new Map<string, FakeChannel>();
  protected readonly listeners: WorldListener[] = [];

  listen(listener: WorldListener): void {
    this.listeners.push(listener);
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
}
