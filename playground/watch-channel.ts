import type { FakeDiscord, StoredMessage } from "../fake-discord/index.js";

/**
 * Calls `onPost` for each new post in the channel or in a thread started in it (not for edits). Polls the
 * fake's store: it is in memory, and a watcher that only prints needs no exact timing. Returns a function
 * that stops it.
 */
export function watchChannel(
  discord: FakeDiscord,
  guildId: string,
  channelId: string,
  onPost: (message: StoredMessage) => void,
  intervalMs = 200,
): () => void {
  const places = () => [
    channelId,
    ...discord.threads
      .list(guildId)
      .filter((thread) => thread.parentId === channelId)
      .map((thread) => thread.id),
  ];
  const posts = () => places().flatMap((id) => discord.messages(id));
  const seen = new Set(posts().map((message) => message.id));
  const timer = setInterval(() => {
    for (const message of posts()) {
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
