import {
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  PermissionFlagsBits,
} from "discord.js";
import { assertNameGiven } from "./name-given.js";
import type { FastifyInstance } from "fastify";
import { DiscordHttpError } from "../discord-errors.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import { botChannelPermissions } from "../world/render-world.js";
import { renderScheduledEvent } from "../world/render-scheduled-event.js";
import type { FakeScheduledEvent } from "../world/world-types.js";
import {
  requireEvent,
  requireEventCreator,
  requireEventGuild,
  requireEventManager,
} from "./scheduled-event-access.js";
import {
  assertActiveEventKeeps,
  assertEntityRequirements,
  assertEndAfterStart,
  assertStartNotPast,
  assertStatusChange,
  readScheduledEventFields,
} from "./scheduled-event-bodies.js";
import { listInterestedUsers, type InterestedUsersQuery } from "./scheduled-event-users.js";

interface GuildParams {
  guildId: string;
}
interface EventParams extends GuildParams {
  eventId: string;
}
interface UserCountQuery {
  with_user_count?: string;
}

/** "A guild can have a maximum of 100 events with SCHEDULED or ACTIVE status" (docs: Create Guild Scheduled Event). */
const uncompletedEventsPerGuild = 100;

/** Guild scheduled events (docs: Resources, Guild Scheduled Event). */
export function registerScheduledEventRoutes(app: FastifyInstance, state: FakeDiscordState): void {
  const { world } = state;
  const render = (event: FakeScheduledEvent, query: UserCountQuery = {}) =>
    renderScheduledEvent(event, world.users.get(event.creatorId), {
      withUserCount: query.with_user_count === "true",
    });

  // A voice or stage event is seen only by who can see its channel (docs: Guild Scheduled Event Permissions
  // Requirements, Get Permissions); an external one by every member.
  app.get<{ Params: GuildParams; Querystring: UserCountQuery }>(
    "/guilds/:guildId/scheduled-events",
    (request) => {
      const guild = requireEventGuild(state, request.params.guildId);
      const seen = (channelId: string) => {
        const channel = guild.channels.get(channelId);
        if (channel === undefined) return true;
        const permissions = botChannelPermissions(guild, channel, world.botUser.id);
        return (permissions & PermissionFlagsBits.ViewChannel) !== 0n;
      };
      return [...guild.scheduledEvents.values()]
        .filter((event) => event.channelId === null || seen(event.channelId))
        .map((event) => render(event, request.query));
    },
  );

  // A start in the past, or an end not after it: 400 50035. Past the 100: 400 30038.
  app.post<{ Params: GuildParams }>("/guilds/:guildId/scheduled-events", (request) => {
    const guild = requireEventGuild(state, request.params.guildId);
    const fields = readScheduledEventFields(request.body);
    const entityType = fields.entityType ?? GuildScheduledEventEntityType.External;
    const draft = {
      entityType,
      channelId: fields.channelId ?? null,
      location: entityType === GuildScheduledEventEntityType.External ? (fields.location ?? null) : null,
      scheduledEndTime: fields.scheduledEndTime ?? null,
    };
    assertEntityRequirements(draft);
    assertNameGiven(fields.name ?? "");
    assertStartNotPast(fields.scheduledStartTime, state.clock.now());
    const scheduledStartTime = fields.scheduledStartTime ?? new Date(state.clock.now()).toISOString();
    assertEndAfterStart({ scheduledStartTime, scheduledEndTime: draft.scheduledEndTime });
    requireEventCreator(state, guild, entityType, draft.channelId);
    if (world.scheduledEvents.countUncompleted(guild) >= uncompletedEventsPerGuild)
      throw new DiscordHttpError("maximumScheduledEvents");
    const event = world.scheduledEvents.create(guild, {
      ...draft,
      creatorId: world.botUser.id,
      name: fields.name ?? "",
      description: fields.description ?? null,
      scheduledStartTime,
      privacyLevel: fields.privacyLevel ?? GuildScheduledEventPrivacyLevel.GuildOnly,
    });
    state.signal.notify();
    return render(event);
  });

  app.get<{ Params: EventParams; Querystring: UserCountQuery }>(
    "/guilds/:guildId/scheduled-events/:eventId",
    (request) => {
      const guild = requireEventGuild(state, request.params.guildId);
      return render(requireEvent(guild, request.params.eventId), request.query);
    },
  );

  // Modify Guild Scheduled Event: the documented status moves only, and an active event keeps its start, type,
  // channel and location; `entity_metadata` is silently dropped for an event that is not external, and the
  // event must meet its entity type's field requirements after.
  app.patch<{ Params: EventParams }>("/guilds/:guildId/scheduled-events/:eventId", (request) => {
    const guild = requireEventGuild(state, request.params.guildId);
    const event = requireEvent(guild, request.params.eventId);
    requireEventManager(state, guild, event);
    const changes = readScheduledEventFields(request.body);
    assertStatusChange(event, changes.status);
    assertActiveEventKeeps(event, changes);
    assertStartNotPast(changes.scheduledStartTime, state.clock.now());
    if ((changes.entityType ?? event.entityType) !== GuildScheduledEventEntityType.External)
      changes.location = null;
    const after = { ...event, ...changes };
    assertEntityRequirements(after);
    assertNameGiven(after.name);
    assertEndAfterStart(after);
    // Moved to another channel or entity type: the bot needs its permissions there too.
    if (after.entityType !== event.entityType || after.channelId !== event.channelId)
      requireEventManager(state, guild, after);
    world.scheduledEvents.update(guild, event, changes);
    state.signal.notify();
    return render(event);
  });

  app.delete<{ Params: EventParams }>(
    "/guilds/:guildId/scheduled-events/:eventId",
    async (request, reply) => {
      const guild = requireEventGuild(state, request.params.guildId);
      const event = requireEvent(guild, request.params.eventId);
      requireEventManager(state, guild, event);
      world.scheduledEvents.delete(guild, event);
      state.signal.notify();
      return reply.code(204).send();
    },
  );

  app.get<{ Params: EventParams; Querystring: InterestedUsersQuery }>(
    "/guilds/:guildId/scheduled-events/:eventId/users",
    (request) => {
      const guild = requireEventGuild(state, request.params.guildId);
      const event = requireEvent(guild, request.params.eventId);
      return listInterestedUsers(world, guild, event, request.query);
    },
  );
}
