// What happens to a built world (docs/architecture.md, "The stand-ins"): members leave, channels are deleted
// or given overwrites, the bot is removed from a guild and added back, and a guild goes down and comes back;
// each told to the world's listeners. world.ts builds the world on these.
import { WorldIndex } from "./world-index.js";
import { threadChannelTypes, type FakeChannel, type FakeOverwrite } from "./world-types.js";

export class WorldChanges extends WorldIndex {
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
}
