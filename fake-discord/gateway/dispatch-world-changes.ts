import type { FakeDiscordState } from "../fake-discord-state.js";
import { renderGuildCreate } from "../world/render-guild.js";
import { renderChannel, renderMember, renderRole, renderThread, renderUser } from "../world/render-world.js";
import type { WorldListener } from "../world/world.js";
import { threadChannelTypes } from "../world/world-types.js";
import { intentBits } from "./gateway-protocol.js";
import { dispatchScheduledEventChanges } from "./dispatch-scheduled-events.js";
import type { GatewayServer } from "./gateway-server.js";

/**
 * Changes made after READY reach the bot as Discord sends them (docs: Gateway, List of Intents): guild,
 * channel and role events under the Guilds intent, GUILD_MEMBER_UPDATE under Guild Members, except that
 * an update of the bot's own member is sent whatever the intents (docs: Gateway Intents, Caveats).
 * Also: the bot joining, leaving or added back, and a guild's outage (GUILD_CREATE, GUILD_DELETE).
 */
export function dispatchWorldChanges(state: FakeDiscordState, gateway: GatewayServer): WorldListener {
  const botUserId = state.world.botUser.id;
  return {
    guildCreated(guild) {
      gateway.dispatchToGuild(
        guild.id,
        "GUILD_CREATE",
        () => renderGuildCreate(guild, state.world.users, botUserId),
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
    channelUpdated(channel) {
      gateway.dispatchToGuild(
        channel.guildId,
        "CHANNEL_UPDATE",
        () => renderChannel(channel),
        intentBits.guilds,
      );
    },
    // A deleted thread is THREAD_DELETE with its ids and type only (docs: Gateway Events, Thread Delete).
    channelDeleted(channel) {
      const isThread = threadChannelTypes.has(channel.type);
      const render = isThread
        ? () => ({
            id: channel.id,
            guild_id: channel.guildId,
            parent_id: channel.parentId,
            type: channel.type,
          })
        : () => renderChannel(channel);
      const type = isThread ? "THREAD_DELETE" : "CHANNEL_DELETE";
      gateway.dispatchToGuild(channel.guildId, type, render, intentBits.guilds);
    },
    roleCreated(guild, role) {
      const render = () => ({ guild_id: guild.id, role: renderRole(role) });
      gateway.dispatchToGuild(guild.id, "GUILD_ROLE_CREATE", render, intentBits.guilds);
    },
    roleUpdated(guild, role) {
      const render = () => ({ guild_id: guild.id, role: renderRole(role) });
      gateway.dispatchToGuild(guild.id, "GUILD_ROLE_UPDATE", render, intentBits.guilds);
    },
    roleDeleted(guild, role) {
      const render = () => ({ guild_id: guild.id, role_id: role.id });
      gateway.dispatchToGuild(guild.id, "GUILD_ROLE_DELETE", render, intentBits.guilds);
    },
    memberUpdated(guild, member) {
      const user = state.world.users.get(member.userId);
      if (user === undefined) return;
      const render = () => ({ guild_id: guild.id, ...renderMember(member, user) });
      const intent = member.userId === botUserId ? 0 : intentBits.guildMembers;
      gateway.dispatchToGuild(guild.id, "GUILD_MEMBER_UPDATE", render, intent);
    },
    memberRemoved(guild, member) {
      const user = state.world.users.get(member.userId);
      if (user === undefined) return;
      const render = () => ({ guild_id: guild.id, user: renderUser(user) });
      gateway.dispatchToGuild(guild.id, "GUILD_MEMBER_REMOVE", render, intentBits.guildMembers);
    },
    // Threads under the Guilds intent; a new one carries `newly_created` (docs: Gateway Events, Thread Create).
    threadCreated(guild, thread) {
      const render = () => ({ ...renderThread(thread, guild), newly_created: true });
      gateway.dispatchToGuild(guild.id, "THREAD_CREATE", render, intentBits.guilds);
    },
    threadUpdated(guild, thread) {
      gateway.dispatchToGuild(
        guild.id,
        "THREAD_UPDATE",
        () => renderThread(thread, guild),
        intentBits.guilds,
      );
    },
    ...dispatchScheduledEventChanges(state, gateway),
  };
}
