import type { FakeWorld } from "../world/world.js";
import { threadChannelTypes } from "../world/world-types.js";
import type { MessageChange } from "./message-store.js";
import { isEphemeral, type StoredMessage } from "./message-types.js";

/**
 * Keeps a thread's `message_count`, `total_message_sent` and `last_message_id` as messages come and go,
 * whether posted to the channel or through an interaction there; a post unarchives an archived thread.
 */
export function countThreadMessages(
  world: FakeWorld,
): (message: StoredMessage, change: MessageChange) => void {
  return (message, change) => {
    if (change === "edited" || isEphemeral(message) || message.guildId === null) return;
    const thread = world.channel(message.channelId);
    const guild = world.guilds.get(message.guildId);
    if (thread === undefined || guild === undefined || !threadChannelTypes.has(thread.type)) return;
    if (change === "created") world.threads.recordMessage(guild, thread, message.id);
    else world.threads.recordDeletion(guild, thread);
  };
}
