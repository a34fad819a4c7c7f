// A thread as the page draws it under the message that started it, as Discord's client does: its name, how
// many messages it holds, whether it is archived, and when its last message was posted.
import type { FakeChannel, FakeDiscord } from "../../fake-discord/index.js";

export interface ThreadView {
  readonly id: string;
  /** The channel it was started in. */
  readonly parentId: string | null;
  readonly name: string;
  readonly archived: boolean;
  readonly locked: boolean;
  /** Messages in it now (Discord's `message_count`, the starter message not counted). */
  readonly messageCount: number;
  /** When its last message was posted, on the one clock; null before the first. */
  readonly lastMessageAt: number | null;
}

/** The thread started from `messageId` (it shares the message's id), if one was. */
export function findThreadOf(discord: FakeDiscord, messageId: string): ThreadView | null {
  const thread = discord.threads.ofMessage(messageId);
  return thread === undefined ? null : viewThread(discord, thread);
}

export function viewThread(discord: FakeDiscord, thread: FakeChannel): ThreadView {
  // `threads.list` fills in the fields of a thread that has none yet (a seeded one).
  const state =
    thread.thread ?? discord.threads.list(thread.guildId).find((each) => each.id === thread.id)?.thread;
  const lastId = state?.lastMessageId ?? null;
  const last = lastId === null ? undefined : discord.message(lastId);
  return {
    id: thread.id,
    parentId: thread.parentId,
    name: thread.name,
    archived: state?.archived ?? false,
    locked: state?.locked ?? false,
    messageCount: state?.messageCount ?? 0,
    lastMessageAt: last?.createdAt ?? null,
  };
}
