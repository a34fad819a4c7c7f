import type { FakeDiscordState } from "../fake-discord-state.js";
import type { StoredMessage } from "../messages/message-types.js";
import { threadChannelTypes, type FakeChannel, type FakeGuild } from "../world/world-types.js";
import { createWorldWatch } from "./world-watch.js";

/**
 * Threads as tests and the playground read them, and what a moderator does to one by hand (archive, lock),
 * which reaches the bot as THREAD_UPDATE. The bot's own requests go through REST instead.
 */
export class ThreadAdmin {
  /**
   * Calls `listener` with the thread after it is started, renamed, archived, unarchived, locked or unlocked,
   * whoever did it (the bot through REST, or a moderator by hand), e.g. for a live view; returns a function
   * that stops it. A post in a thread is a message change (`onMessageChange`), not a thread change.
   */
  readonly onChange: (listener: (thread: FakeChannel) => void) => () => void;

  constructor(private readonly state: FakeDiscordState) {
    this.onChange = createWorldWatch<FakeChannel>(state.world, (tell) => {
      const changed = (_guild: FakeGuild, thread: FakeChannel) => {
        tell(thread);
      };
      return { threadCreated: changed, threadUpdated: changed };
    });
  }

  /** The guild's threads, archived ones too, oldest first; each carries its state in `thread`. */
  list(guildId: string): FakeChannel[] {
    const guild = this.guild(guildId);
    return [...guild.threads.values()].map((thread) => {
      this.state.world.threads.stateOf(guild, thread);
      return thread;
    });
  }

  find(guildId: string, name: string): FakeChannel | undefined {
    return this.list(guildId).find((thread) => thread.name === name);
  }

  /** The thread started from a message, which shares its id (docs: Topics, Threads). */
  ofMessage(messageId: string): FakeChannel | undefined {
    const thread = this.state.world.channel(messageId);
    return thread !== undefined && threadChannelTypes.has(thread.type) ? thread : undefined;
  }

  /** Messages members see in the thread, oldest first. */
  messages(threadId: string): StoredMessage[] {
    return this.state.messages.inChannel(this.thread(threadId).id);
  }

  /** A moderator archives (and maybe locks) the thread, or unarchives it: THREAD_UPDATE. */
  setArchived(threadId: string, archived: boolean, options: { locked?: boolean } = {}): void {
    const thread = this.thread(threadId);
    const guild = this.guild(thread.guildId);
    this.state.world.threads.update(guild, thread, {
      archived,
      ...(options.locked === undefined ? {} : { locked: options.locked }),
    });
    this.state.signal.notify();
  }

  /** Resolves with the first thread of the guild for which `matches` holds, now or once one does. */
  waitForThread(
    guildId: string,
    matches: (thread: FakeChannel) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<FakeChannel> {
    return this.state.signal.waitFor(
      () => this.list(guildId).find(matches),
      timeoutMs,
      `a thread in guild ${guildId}`,
    );
  }

  private thread(threadId: string): FakeChannel {
    const thread = this.state.world.channel(threadId);
    if (thread === undefined || !threadChannelTypes.has(thread.type))
      throw new Error(`No thread ${threadId} in the fake Discord`);
    return thread;
  }

  private guild(guildId: string): FakeGuild {
    return this.state.world.requireGuild(guildId);
  }
}
