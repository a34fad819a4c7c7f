// Waits on the fake Discord's own signal, a message made, rather than polling what it holds: a test that reads
// every channel every few milliseconds takes the event loop the fake answers the bots on.
import type { FakeDiscord, StoredMessage } from "../../../fake-discord/index.js";

/** Resolves once the channels hold `total` messages that `isPost` matches; each message is looked at once. */
export function waitForPosts(
  discord: FakeDiscord,
  channelIds: readonly string[],
  isPost: (message: StoredMessage) => boolean,
  total: number,
  timeoutMs: number,
): Promise<void> {
  const watched = new Set(channelIds);
  let posts = channelIds.flatMap((channelId) => discord.messages(channelId)).filter(isPost).length;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stopListening();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${total} posts (${posts} arrived)`));
    }, timeoutMs);
    const check = () => {
      if (posts < total) return;
      stopListening();
      clearTimeout(timer);
      resolve();
    };
    const stopListening = discord.onMessageChange((message, change) => {
      if (change === "created" && watched.has(message.channelId) && isPost(message)) posts += 1;
      check();
    });
    check();
  });
}
