import type { FakeDiscordState } from "../fake-discord-state.js";
import type { MessageChange } from "../messages/message-store.js";
import { isEphemeral, type StoredMessage } from "../messages/message-types.js";
import { renderMessage } from "../messages/render-message.js";
import { intentBits } from "./gateway-protocol.js";
import type { GatewayServer } from "./gateway-server.js";

/**
 * MESSAGE_CREATE for each message the bot makes that members see, its `channel_id` the channel or thread it
 * is in, to sessions with the Guild Messages intent (docs: Gateway, List of Intents). Ephemeral messages are
 * never dispatched. Edits and deletes are not sent yet.
 */
export function dispatchMessageChanges(
  state: FakeDiscordState,
  gateway: GatewayServer,
): (message: StoredMessage, change: MessageChange) => void {
  return (message, change) => {
    // A message in a DM (a user install's answer) belongs to no guild: its guild sessions hear nothing.
    if (change !== "created" || isEphemeral(message) || message.guildId === null) return;
    gateway.dispatchToGuild(
      message.guildId,
      "MESSAGE_CREATE",
      () => renderMessage(message, (id) => state.world.users.get(id), state.applicationId),
      intentBits.guildMessages,
    );
  };
}
