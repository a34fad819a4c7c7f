import type { FakeDiscordState } from "../fake-discord-state.js";
import { renderScheduledEvent } from "../world/render-scheduled-event.js";
import type { WorldListener } from "../world/world-listener.js";
import type { FakeGuild, FakeScheduledEvent } from "../world/world-types.js";
import { intentBits } from "./gateway-protocol.js";
import type { GatewayServer } from "./gateway-server.js";

/**
 * GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE with the event, and USER_ADD / USER_REMOVE when a member
 * marks it "Interested" or takes that back, to sessions with the Guild Scheduled Events intent (docs:
 * Gateway, List of Intents; Gateway Events, Guild Scheduled Event User Add).
 */
export function dispatchScheduledEventChanges(
  state: FakeDiscordState,
  gateway: GatewayServer,
): Pick<
  WorldListener,
  "scheduledEventCreated" | "scheduledEventUpdated" | "scheduledEventDeleted" | "scheduledEventInterest"
> {
  const send = (type: string, guild: FakeGuild, event: FakeScheduledEvent) => {
    const render = () => renderScheduledEvent(event, state.world.users.get(event.creatorId));
    gateway.dispatchToGuild(guild.id, type, render, intentBits.guildScheduledEvents);
  };
  return {
    scheduledEventCreated: (guild, event) => {
      send("GUILD_SCHEDULED_EVENT_CREATE", guild, event);
    },
    scheduledEventUpdated: (guild, event) => {
      send("GUILD_SCHEDULED_EVENT_UPDATE", guild, event);
    },
    scheduledEventDeleted: (guild, event) => {
      send("GUILD_SCHEDULED_EVENT_DELETE", guild, event);
    },
    scheduledEventInterest: (guild, event, userId, interested) => {
      const type = interested ? "GUILD_SCHEDULED_EVENT_USER_ADD" : "GUILD_SCHEDULED_EVENT_USER_REMOVE";
      const render = () => ({ guild_scheduled_event_id: event.id, user_id: userId, guild_id: guild.id });
      gateway.dispatchToGuild(guild.id, type, render, intentBits.guildScheduledEvents);
    },
  };
}
