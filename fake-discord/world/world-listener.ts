import type { FakeChannel, FakeGuild, FakeMember, FakeRole, FakeScheduledEvent } from "./world-types.js";

/**
 * Told about changes the gateway must dispatch. Every method is optional: a listener takes the changes
 * it cares about (the gateway all of them, the change signal the ones a test waits for).
 */
export interface WorldListener {
  /** A new guild, the bot added back, or a guild back from an outage. */
  guildCreated?(guild: FakeGuild): void;
  /** The bot was removed (kicked, or the guild deleted): GUILD_DELETE without `unavailable`. */
  botRemoved?(guild: FakeGuild): void;
  /** An outage: GUILD_DELETE with `unavailable: true`. */
  guildUnavailable?(guild: FakeGuild): void;
  channelCreated?(channel: FakeChannel): void;
  channelDeleted?(channel: FakeChannel): void;
  /** A channel's permission overwrites changed: CHANNEL_UPDATE. */
  channelUpdated?(channel: FakeChannel): void;
  roleCreated?(guild: FakeGuild, role: FakeRole): void;
  roleUpdated?(guild: FakeGuild, role: FakeRole): void;
  roleDeleted?(guild: FakeGuild, role: FakeRole): void;
  /** A member's roles changed. */
  memberUpdated?(guild: FakeGuild, member: FakeMember): void;
  /** A member left the guild, or was kicked. */
  memberRemoved?(guild: FakeGuild, member: FakeMember): void;
  /** A thread was started: THREAD_CREATE with `newly_created`. */
  threadCreated?(guild: FakeGuild, thread: FakeChannel): void;
  /** A thread was renamed, archived, unarchived, locked or unlocked. */
  threadUpdated?(guild: FakeGuild, thread: FakeChannel): void;
  scheduledEventCreated?(guild: FakeGuild, event: FakeScheduledEvent): void;
  scheduledEventUpdated?(guild: FakeGuild, event: FakeScheduledEvent): void;
  scheduledEventDeleted?(guild: FakeGuild, event: FakeScheduledEvent): void;
  /** A member marked the event "Interested" (true) or took it back (false). */
  scheduledEventInterest?(
    guild: FakeGuild,
    event: FakeScheduledEvent,
    userId: string,
    interested: boolean,
  ): void;
}
