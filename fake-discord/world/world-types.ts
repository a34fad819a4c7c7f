import {
  ChannelType,
  type GuildScheduledEventEntityType,
  type GuildScheduledEventPrivacyLevel,
  type GuildScheduledEventStatus,
} from "discord.js";

/** The fake's own records; API objects are rendered from them in world/render-*.ts. */

export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

/**
 * A role (docs: Topics, Permissions — Role Object). Positions need not be unique: a role made through the
 * API lands at 1 beside older ones, and roles of one position rank by id, the older higher.
 */
export interface FakeRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  color: number;
  hoist: boolean;
  mentionable: boolean;
  /** Managed by an integration: the bot's own role, which nobody can give, take or delete. */
  managed: boolean;
  /** `tags.bot_id` of a bot's managed role; null for every other role. */
  botId: string | null;
}

export interface FakeMember {
  userId: string;
  roleIds: string[];
  joinedAt: number;
  nick: string | null;
}

/** A channel's permission overwrite for a role (type 0) or a member (type 1) (docs: Overwrite Object). */
export interface FakeOverwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface FakeChannel {
  id: string;
  guildId: string;
  name: string;
  /** Discord channel type: 0 text, 2 voice, 4 category, 5 announcement, 11 public thread, 15 forum. */
  type: number;
  position: number;
  /** The category of a channel, or the channel a thread was started in. */
  parentId: string | null;
  topic: string | null;
  /** Empty on a thread, which takes its parent's (docs: Topics, Permissions — Inherited Permissions). */
  permissionOverwrites: FakeOverwrite[];
  /** A thread's own fields; seeded threads have none and are shown with the defaults. */
  thread?: FakeThreadState;
}

/** What a thread keeps beyond a channel's fields (docs: Topics, Threads — Thread Fields). */
export interface FakeThreadState {
  /** Who started it (`owner_id`). */
  ownerId: string;
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: number;
  /** Set when the thread is created, archived or unarchived, and when its auto-archive duration changes. */
  archiveTimestamp: number;
  createTimestamp: number;
  rateLimitPerUser: number;
  /** Messages in it now, and ever sent (`total_message_sent` is not lowered by a delete). */
  messageCount: number;
  totalMessageSent: number;
  lastMessageId: string | null;
}

/** A guild scheduled event (docs: Resources, Guild Scheduled Event — Guild Scheduled Event Object). */
export interface FakeScheduledEvent {
  id: string;
  guildId: string;
  /** The stage or voice channel; null for an external event. */
  channelId: string | null;
  creatorId: string;
  name: string;
  description: string | null;
  scheduledStartTime: string;
  scheduledEndTime: string | null;
  privacyLevel: GuildScheduledEventPrivacyLevel;
  status: GuildScheduledEventStatus;
  entityType: GuildScheduledEventEntityType;
  /** `entity_metadata.location`, which only external events carry. */
  location: string | null;
  /** Members who marked the event "Interested", in the order they did. */
  interestedUserIds: string[];
}

export interface FakeEmoji {
  id: string;
  name: string;
  animated: boolean;
  /** Roles allowed to use it; empty means everyone. */
  roleIds: string[];
}

export interface FakeSticker {
  id: string;
  name: string;
  description: string | null;
  /** Autocomplete keywords, comma-separated as Discord stores them. */
  tags: string;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  preferredLocale: string;
  createdAt: number;
  /** Icon hash; null for a guild without one. */
  icon: string | null;
  description: string | null;
  features: string[];
  premiumTier: number;
  channels: Map<string, FakeChannel>;
  /** Threads, archived ones too: GUILD_CREATE sends the active ones apart from channels. */
  threads: Map<string, FakeChannel>;
  scheduledEvents: Map<string, FakeScheduledEvent>;
  roles: Map<string, FakeRole>;
  members: Map<string, FakeMember>;
  /** Members counted in member_count but not modelled one by one (a seeded guild of 40,000). */
  unlistedMemberCount: number;
  emojis: FakeEmoji[];
  stickers: FakeSticker[];
}

/**
 * Channel types the bot can post in (docs: Channel Types): text and announcement channels, threads, and a voice
 * or stage channel's own text chat (GUILD_VOICE, GUILD_STAGE_VOICE), where no thread can start.
 */
export const textChannelTypes: ReadonlySet<number> = new Set([0, 2, 5, 10, 11, 12, 13]);

/** Thread channel types (docs: Channel Types): announcement, public and private threads. */
export const threadChannelTypes: ReadonlySet<number> = new Set([
  ChannelType.AnnouncementThread,
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
]);
