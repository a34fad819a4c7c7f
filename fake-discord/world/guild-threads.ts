import type { Clock } from "../clock.js";
import { readSnowflakeTimestamp } from "../snowflake.js";
import type { WorldListener } from "./world-listener.js";
import type { FakeChannel, FakeGuild, FakeThreadState } from "./world-types.js";

export interface NewThread {
  /** A thread started from a message takes the message's id (docs: Channel, Start Thread from Message). */
  id: string;
  name: string;
  type: number;
  ownerId: string;
  autoArchiveDuration?: number;
  rateLimitPerUser?: number;
}

export type ThreadChanges = Partial<
  Pick<FakeThreadState, "archived" | "locked" | "autoArchiveDuration" | "rateLimitPerUser">
> & { name?: string };

/** Discord's default when a thread is started without `auto_archive_duration`: a day, in minutes. */
const defaultAutoArchiveMinutes = 1440;

/** Every thread started, archived or changed, whoever did it, told to the world's listeners. */
export class GuildThreads {
  constructor(
    private readonly clock: Clock,
    private readonly channels: Map<string, FakeChannel>,
    private readonly listeners: readonly WorldListener[],
  ) {}

  start(guild: FakeGuild, parent: FakeChannel, input: NewThread): FakeChannel {
    const now = this.clock.now();
    const thread: FakeChannel = {
      id: input.id,
      guildId: guild.id,
      name: input.name,
      type: input.type,
      position: 0,
      parentId: parent.id,
      topic: null,
      permissionOverwrites: [],
      thread: {
        ownerId: input.ownerId,
        archived: false,
        locked: false,
        autoArchiveDuration: input.autoArchiveDuration ?? defaultAutoArchiveMinutes,
        archiveTimestamp: now,
        createTimestamp: now,
        rateLimitPerUser: input.rateLimitPerUser ?? 0,
        messageCount: 0,
        totalMessageSent: 0,
        lastMessageId: null,
      },
    };
    guild.threads.set(thread.id, thread);
    this.channels.set(thread.id, thread);
    for (const listener of this.listeners) listener.threadCreated?.(guild, thread);
    return thread;
  }

  /** The thread's own fields; a seeded thread gets them on first use, started by the guild's owner. */
  stateOf(guild: FakeGuild, thread: FakeChannel): FakeThreadState {
    const createdAt = readSnowflakeTimestamp(thread.id);
    thread.thread ??= {
      ownerId: guild.ownerId,
      archived: false,
      locked: false,
      autoArchiveDuration: defaultAutoArchiveMinutes,
      archiveTimestamp: createdAt,
      createTimestamp: createdAt,
      rateLimitPerUser: 0,
      messageCount: 0,
      totalMessageSent: 0,
      lastMessageId: null,
    };
    return thread.thread;
  }

  update(guild: FakeGuild, thread: FakeChannel, changes: ThreadChanges): FakeChannel {
    const state = this.stateOf(guild, thread);
    const { name, ...fields } = changes;
    if (name !== undefined) thread.name = name;
    const archiveMoved =
      (fields.archived !== undefined && fields.archived !== state.archived) ||
      (fields.autoArchiveDuration !== undefined && fields.autoArchiveDuration !== state.autoArchiveDuration);
    Object.assign(state, fields);
    if (archiveMoved) state.archiveTimestamp = this.clock.now();
    for (const listener of this.listeners) listener.threadUpdated?.(guild, thread);
    return thread;
  }

  /**
   * Counts a message posted in the thread. Sending a message unarchives an archived thread (docs: Topics,
   * Threads — Active & Archived Threads); whoever posted was allowed to, which the caller checked.
   */
  recordMessage(guild: FakeGuild, thread: FakeChannel, messageId: string): void {
    const state = this.stateOf(guild, thread);
    state.messageCount += 1;
    state.totalMessageSent += 1;
    state.lastMessageId = messageId;
    if (state.archived) this.update(guild, thread, { archived: false });
  }

  /** A deleted message lowers `message_count` but not `total_message_sent`. */
  recordDeletion(guild: FakeGuild, thread: FakeChannel): void {
    const state = this.stateOf(guild, thread);
    state.messageCount = Math.max(0, state.messageCount - 1);
  }
}
