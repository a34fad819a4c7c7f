import type { FakeDiscordState } from "../fake-discord-state.js";
import { renderGuildCreate } from "../world/render-guild.js";
import { renderChannel } from "../world/render-world.js";
import type { WorldListener } from "../world/world.js";
import { intentBits } from "./gateway-protocol.js";
import type { GatewayServer } from "./gateway-server.js";

/**
 * Guild and channel changes made after READY reach the bot as Discord sends them (Guilds intent): the bot
 * joining, leaving or added back, a guild's outage, channels made and deleted.
 */
export function dispatchWorldChanges(state: FakeDiscordState, gateway: GatewayServer): WorldListener {
  return {
    guildCreated(guild) {
      gateway.dispatchToGuild(
        guild.id,
        "GUILD_CREATE",
        () => renderGuildCreate(guild, state.world.users, state.world.botUser.id),
        intentBits.guilds,
      );
    },
    botRemoved(guild) {
      // No `unavailable` field: that is how Discord tells a removal from an outage (docs: Gateway Events,
      // Guild Delete).
      gateway.dispatchToGuild(guild.id, "GUILD_DELETE", () => ({ id: guild.id }), intentBits.guilds);
    },
    guildUnavailable(guild) {
      gateway.dispatchToGuild(
        guild.id,
        "GUILD_DELETE",
        () => ({ id: guild.id, unavailable: true }),
        intentBits.guilds,
      );
    },
    channelCreated(channel) {
      gateway.dispatchToGuild(
        channel.guildId,
        "CHANNEL_CREATE",
        () => renderChannel(channel),
        intentBits.guilds,
      );
    },
    channelDeleted(channel) {
      gateway.dispatchToGuild(
        channel.guildId,
        "CHANNEL_DELETE",
        () => renderChannel(channel),
        intentBits.guilds,
      );
    },
  };
}
