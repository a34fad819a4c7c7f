// What the bot did, as tests and the playground read it (fake-discord-world-building.ts and, on that,
// fake-discord-driver.ts build on it): the guilds, the messages members see and every message the bot made,
// the registered commands and the interactions.
import type { APIApplicationCommand } from "discord.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import type { InteractionRecord } from "../interactions/interaction-record.js";
import type { MessageChange } from "../messages/message-store.js";
import type { StoredMessage } from "../messages/message-types.js";
import type { FakeGuild } from "../world/world-types.js";
import type { MemberActions } from "./member-actions.js";

export class FakeDiscordReads {
  constructor(
    protected readonly state: FakeDiscordState,
    protected readonly actions: MemberActions,
  ) {}

  /** Every guild the bot is in, in the order they were made. */
  guilds(): FakeGuild[] {
    return [...this.state.world.guilds.values()];
  }

  /** Messages members see in a channel (no ephemeral ones), oldest first. */
  messages(channelId: string): StoredMessage[] {
    return this.state.messages.inChannel(channelId);
  }

  /**
   * Every message the bot made anywhere: posts, interaction responses and follow-ups, ephemeral and deleted
   * ones too, oldest first, each with its earlier versions in `edits`.
   */
  allMessages(): StoredMessage[] {
    return this.state.messages.all();
  }

  message(messageId: string): StoredMessage | undefined {
    return this.state.messages.get(messageId);
  }

  waitForMessage(
    channelId: string,
    predicate: (message: StoredMessage) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<StoredMessage> {
    return this.state.signal.waitFor(
      () => this.messages(channelId).find(predicate),
      timeoutMs,
      `a message in channel ${channelId}`,
    );
  }

  /**
   * Calls `listener` after the bot creates, edits or deletes any message (ephemeral ones too), e.g. for a
   * live view; returns a function that stops it.
   */
  onMessageChange(listener: (message: StoredMessage, change: MessageChange) => void): () => void {
    return this.state.messages.onChange(listener);
  }

  /** Registered commands: global, or a guild's. */
  commands(guildId?: string): APIApplicationCommand[] {
    return this.state.commands.list(guildId);
  }

  /** The commands a member's "/" list shows in a guild: global and the guild's, less those hidden from them. */
  commandsFor(guildId: string, userId: string): APIApplicationCommand[] {
    return this.actions.listVisibleCommands(guildId, userId);
  }

  interactions(): readonly InteractionRecord[] {
    return this.state.interactions.all();
  }

  /** Expires interactions past their deadline on the fake's clock (after advancing a ManualClock). */
  expireOverdueInteractions(): number {
    return this.state.interactions.expireOverdue();
  }
}
