import { ChannelType, GuildScheduledEventEntityType, PermissionFlagsBits } from "discord.js";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { computeMemberPermissions } from "../world/permissions.js";
import { botChannelPermissions } from "../world/render-world.js";
import type { FakeGuild, FakeScheduledEvent } from "../world/world-types.js";

/**
 * What the bot needs to create, edit or delete an event, as the docs' "Guild Scheduled Event Permissions
 * Requirements" list them today. The fake follows them: creating takes Create Events (Manage Events alone
 * no longer does); editing or deleting takes Manage Events, or either of the two for an event the bot made.
 * Voice and stage events need these in their channel, with the channel's own permissions besides.
 */
const channelNeeds: Record<GuildScheduledEventEntityType, bigint> = {
  [GuildScheduledEventEntityType.External]: 0n,
  [GuildScheduledEventEntityType.Voice]: PermissionFlagsBits.ViewChannel | PermissionFlagsBits.Connect,
  [GuildScheduledEventEntityType.StageInstance]:
    PermissionFlagsBits.ManageChannels | PermissionFlagsBits.MuteMembers | PermissionFlagsBits.MoveMembers,
};

/** The channel type a voice or stage event is hosted in (docs: Field Requirements By Entity Type). */
const hostChannelTypes: Partial<Record<GuildScheduledEventEntityType, ChannelType>> = {
  [GuildScheduledEventEntityType.Voice]: ChannelType.GuildVoice,
  [GuildScheduledEventEntityType.StageInstance]: ChannelType.GuildStageVoice,
};

/**
 * The guild of an event route, 404 10004 when the bot is not in it; its events first moved on as Discord
 * would have by the clock's time (world/scheduled-event-automation.ts), so the route reads and changes them
 * as they stand now.
 */
export function requireEventGuild(state: FakeDiscordState, guildId: string): FakeGuild {
  const guild = state.world.guilds.get(guildId);
  if (guild === undefined) throw new DiscordHttpError("unknownGuild");
  if (state.world.scheduledEvents.advance(guild) > 0) state.signal.notify();
  return guild;
}

/** The guild's event, 404 10070 Unknown Guild Scheduled Event otherwise. */
export function requireEvent(guild: FakeGuild, eventId: string): FakeScheduledEvent {
  const event = guild.scheduledEvents.get(eventId);
  if (event === undefined) throw new DiscordHttpError("unknownScheduledEvent");
  return event;
}

/**
 * The bot's permissions where the event is held: the guild's for an external event, the channel's for a
 * voice or stage one, whose channel must be one of the guild's of the right type (else 404 10003).
 */
function eventPermissions(
  state: FakeDiscordState,
  guild: FakeGuild,
  entityType: GuildScheduledEventEntityType,
  channelId: string | null,
): bigint {
  const bot = guild.members.get(state.world.botUser.id);
  if (bot === undefined) throw new DiscordHttpError("unknownGuild");
  const hostType = hostChannelTypes[entityType];
  if (hostType === undefined) return computeMemberPermissions(guild, bot);
  const channel = channelId === null ? undefined : guild.channels.get(channelId);
  if (channel?.type !== hostType) throw new DiscordHttpError("unknownChannel");
  const permissions = botChannelPermissions(guild, channel, state.world.botUser.id);
  if ((permissions & PermissionFlagsBits.ViewChannel) === 0n) throw new DiscordHttpError("missingAccess");
  return permissions;
}

/** Create Events, and the channel's permissions for a voice or stage event; else 403 50013. */
export function requireEventCreator(
  state: FakeDiscordState,
  guild: FakeGuild,
  entityType: GuildScheduledEventEntityType,
  channelId: string | null,
): void {
  const permissions = eventPermissions(state, guild, entityType, channelId);
  const needed = PermissionFlagsBits.CreateEvents | channelNeeds[entityType];
  if ((permissions & needed) !== needed) throw new DiscordHttpError("missingPermissions");
}

/** Manage Events, or Create Events for the bot's own event, with the channel's permissions; else 50013. */
export function requireEventManager(
  state: FakeDiscordState,
  guild: FakeGuild,
  event: Pick<FakeScheduledEvent, "creatorId" | "entityType" | "channelId">,
): void {
  const permissions = eventPermissions(state, guild, event.entityType, event.channelId);
  const own = event.creatorId === state.world.botUser.id;
  const manage = own
    ? PermissionFlagsBits.ManageEvents | PermissionFlagsBits.CreateEvents
    : PermissionFlagsBits.ManageEvents;
  const needed = channelNeeds[event.entityType];
  if ((permissions & manage) === 0n || (permissions & needed) !== needed)
    throw new DiscordHttpError("missingPermissions");
}
