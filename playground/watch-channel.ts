import type { FakeDiscord, StoredMessage } from "../fake-discord/index.js";

/**
 * Calls `onPost` for each new post in the channel (not for edits). Polls the fake's store: it is in
 * memory, and a watcher that only prints needs no exact timing. Returns a function that stops it.
 */
export function watchChannel(
  discord: FakeDiscord,
  channelId: string,
  onPost: (message: StoredMessage) => void,
  intervalMs = 200,
): () => void {
  const seen = new Set(discord.messages(channelId).map((message) => message.id));
  const timer = setInterval(() => {
    for (const message of discord.messages(channelId)) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      onPost(message);
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
