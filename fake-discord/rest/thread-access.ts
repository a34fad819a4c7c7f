import { ChannelType, PermissionFlagsBits } from "discord.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import type { ThreadChanges } from "../world/guild-threads.js";
import { botChannelPermissions } from "../world/render-world.js";
import { threadChannelTypes, type FakeChannel, type FakeGuild } from "../world/world-types.js";

/** The bot at a thread, or at a channel it starts one in: the guild, the channel, its permissions there. */
export interface ThreadStanding {
  guild: FakeGuild;
  channel: FakeChannel;
  permissions: bigint;
}

/** Channels a thread is started in (docs: Channel, Start Thread from Message; forum posts are not modelled). */
const threadParentTypes: ReadonlySet<number> = new Set([
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
]);

/**
 * 10003 for an unknown channel, 50001 when the bot cannot see it. A thread takes its permissions from its
 * parent channel (docs: Topics, Threads — Permissions), its roles and the parent's overwrites.
 */
export function requireThreadStanding(state: FakeDiscordState, channelId: string): ThreadStanding {
  const { world } = state;
  const channel = world.channel(channelId);
  if (channel === undefined) throw new DiscordHttpError("unknownChannel");
  const guild = world.guilds.get(channel.guildId);
  if (guild === undefined) throw new DiscordHttpError("missingAccess");
  const permissions = botChannelPermissions(guild, channel, world.botUser.id);
  if ((permissions & PermissionFlagsBits.ViewChannel) === 0n) throw new DiscordHttpError("missingAccess");
  return { guild, channel, permissions };
}

/**
 * Where the bot may start a thread of `type`: a text or announcement channel (else 400 50024), with Create
 * Public Threads, or Create Private Threads for a private one (else 403 50013) (docs: Topics, Permissions).
 */
export function requireThreadStarter(
  state: FakeDiscordState,
  channelId: string,
  type: ChannelType,
): ThreadStanding {
  const standing = requireThreadStanding(state, channelId);
  if (!threadParentTypes.has(standing.channel.type)) throw new DiscordHttpError("wrongChannelType");
  const needed =
    type === ChannelType.PrivateThread
      ? PermissionFlagsBits.CreatePrivateThreads
      : PermissionFlagsBits.CreatePublicThreads;
  if ((standing.permissions & needed) === 0n) throw new DiscordHttpError("missingPermissions");
  return standing;
}

/**
 * A thread the bot may post in: Send Messages in Threads, as Send Messages has no effect in threads (docs:
 * Topics, Threads — Permissions), else 403 50013; a locked thread refuses 160005 without Manage Threads
 * (Topics, Threads — Locked Threads). An archived one is unarchived by the post itself.
 */
export function requireThreadPost(state: FakeDiscordState, thread: FakeChannel): ThreadStanding {
  const standing = requireThreadStanding(state, thread.id);
  if (!has(standing, PermissionFlagsBits.SendMessagesInThreads))
    throw new DiscordHttpError("missingPermissions");
  const { locked } = state.world.threads.stateOf(standing.guild, thread);
  if (locked && !has(standing, PermissionFlagsBits.ManageThreads)) throw new DiscordHttpError("threadLocked");
  return standing;
}

/**
 * Editing a message in a thread: never in an archived one (400 50083), and in a locked one only with Manage
 * Threads (160005) (docs: Topics, Threads — Active & Archived Threads, Locked Threads). Other channels pass.
 */
export function requireEditableThreadMessage(state: FakeDiscordState, channel: FakeChannel): void {
  if (!threadChannelTypes.has(channel.type)) return;
  const standing = requireThreadStanding(state, channel.id);
  const { archived, locked } = state.world.threads.stateOf(standing.guild, channel);
  if (archived) throw new DiscordHttpError("archivedThread");
  if (locked && !has(standing, PermissionFlagsBits.ManageThreads)) throw new DiscordHttpError("threadLocked");
}

/**
 * Modify Channel on a thread (docs: Channel, Modify Channel — JSON Params (Thread); Topics, Threads — Editing
 * & Deleting Threads). An archived thread takes no change but being unarchived (400 50083). `locked` and
 * `rate_limit_per_user` need Manage Threads; `name`, archiving and `auto_archive_duration` need it or being
 * the thread's creator; unarchiving needs Send Messages, and Manage Threads when the thread is locked (the
 * Channel Object's `locked` and Topics, Threads — Active & Archived Threads, which the fake follows over
 * "Editing & Deleting Threads", which also lets the creator). Otherwise 403 50013.
 */
export function requireThreadEdit(
  state: FakeDiscordState,
  thread: FakeChannel,
  changes: ThreadChanges,
): ThreadStanding {
  const standing = requireThreadStanding(state, thread.id);
  const current = state.world.threads.stateOf(standing.guild, thread);
  const manages = has(standing, PermissionFlagsBits.ManageThreads);
  const owns = current.ownerId === state.world.botUser.id;
  const unarchives = current.archived && changes.archived === false;
  if (current.archived && !unarchives) throw new DiscordHttpError("archivedThread");
  const refuse = () => new DiscordHttpError("missingPermissions");
  if ((changes.locked !== undefined || changes.rateLimitPerUser !== undefined) && !manages) throw refuse();
  if (unarchives && (current.locked ? !manages : !has(standing, PermissionFlagsBits.SendMessages)))
    throw refuse();
  const ownerMay = !current.locked || manages;
  const creatorFields =
    changes.name !== undefined || changes.archived === true || changes.autoArchiveDuration !== undefined;
  if (creatorFields && !manages && !(owns && ownerMay)) throw refuse();
  return standing;
}

function has(standing: ThreadStanding, permission: bigint): boolean {
  return (standing.permissions & permission) !== 0n;
}
