// A message's public thread (src/store/message-threads.ts, docs/architecture.md, "Posting"): started from a
// battle card or a tournament's post, archived when the battle or the tournament ends. Both are safe to repeat
// after a crash, as every outbox request.
import { DiscordAPIError, type REST } from "@discordjs/rest";
import { ChannelType, RESTJSONErrorCodes, Routes, ThreadAutoArchiveDuration } from "discord-api-types/v10";
import { discordLimits } from "./discord-limits.js";

/** The channels a thread starts in from a message: text and announcement channels (else Discord answers 50024). */
const threadParentTypes: ReadonlySet<number> = new Set([
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
]);

/**
 * Whether a message posted in a channel of `channelType` can start a thread: not in a thread, nor in a voice or
 * stage channel's text chat (docs: Resources, Channel — Start Thread from Message). An unknown type may.
 */
export function canStartThreadIn(channelType: number | undefined): boolean {
  return channelType === undefined || threadParentTypes.has(channelType);
}

/**
 * Starts the thread of the message `targetMessageId` in `channelId`, named `name`, and returns its id. A message
 * has one thread at most and the thread takes its id (docs: Resources, Channel — Start Thread from Message),
 * so Discord's 160004 means an earlier attempt made it: the thread is there.
 */
export async function startThread(
  rest: REST,
  card: { readonly channelId: string; readonly targetMessageId: string },
  name: string,
): Promise<string> {
  const body = {
    name: name.trim() === "" ? "Battle" : name.slice(0, discordLimits.threadName),
    auto_archive_duration: ThreadAutoArchiveDuration.OneDay,
  };
  try {
    const thread = (await rest.post(Routes.threads(card.channelId, card.targetMessageId), { body })) as {
      id: string;
    };
    return thread.id;
  } catch (error) {
    if (isDiscordCode(error, RESTJSONErrorCodes.ThreadAlreadyCreatedForMessage)) return card.targetMessageId;
    throw error;
  }
}

/** Archives the thread; one already archived (50083, a moderator's or an earlier attempt's) is done. */
export async function archiveThread(rest: REST, threadId: string): Promise<string> {
  try {
    await rest.patch(Routes.channel(threadId), { body: { archived: true } });
  } catch (error) {
    if (!isDiscordCode(error, RESTJSONErrorCodes.InvalidActionOnArchivedThread)) throw error;
  }
  return threadId;
}

function isDiscordCode(error: unknown, code: number): boolean {
  return error instanceof DiscordAPIError && error.code === code;
}
