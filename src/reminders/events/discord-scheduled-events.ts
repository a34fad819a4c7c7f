// The Discord calls a tournament's event takes (docs: Guild Scheduled Event): create, read, modify, delete,
// and the guild's list, in which the bot finds an event it made before a crash by its location.
import type { REST } from "@discordjs/rest";
import {
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  Routes,
  type APIGuildScheduledEvent,
} from "discord-api-types/v10";
import type { TournamentEventFields } from "../../store/tournament-events.js";

export type EventStatusName = "scheduled" | "active" | "completed" | "canceled";

const statusNames: Record<GuildScheduledEventStatus, EventStatusName> = {
  [GuildScheduledEventStatus.Scheduled]: "scheduled",
  [GuildScheduledEventStatus.Active]: "active",
  [GuildScheduledEventStatus.Completed]: "completed",
  [GuildScheduledEventStatus.Canceled]: "canceled",
};

const statusValues = {
  active: GuildScheduledEventStatus.Active,
  completed: GuildScheduledEventStatus.Completed,
} as const;

export interface DiscordEventState {
  readonly id: string;
  readonly status: EventStatusName;
  readonly fields: TournamentEventFields;
}

function toBody(fields: TournamentEventFields) {
  return {
    name: fields.name,
    description: fields.description,
    scheduled_start_time: new Date(fields.startsAt).toISOString(),
    scheduled_end_time: new Date(fields.endsAt).toISOString(),
    entity_metadata: { location: fields.location },
  };
}

function readState(event: APIGuildScheduledEvent): DiscordEventState {
  return {
    id: event.id,
    status: statusNames[event.status],
    fields: {
      name: event.name,
      description: event.description ?? "",
      location: event.entity_metadata?.location ?? "",
      startsAt: Date.parse(event.scheduled_start_time),
      endsAt: Date.parse(event.scheduled_end_time ?? event.scheduled_start_time),
    },
  };
}

export async function createExternalEvent(
  rest: REST,
  guildId: string,
  fields: TournamentEventFields,
  /** Cuts the create short, unsent if it still waits in the client's queue. */
  signal?: AbortSignal,
): Promise<DiscordEventState> {
  const body = {
    ...toBody(fields),
    privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
    entity_type: GuildScheduledEventEntityType.External,
  };
  const created = (await rest.post(Routes.guildScheduledEvents(guildId), {
    body,
    ...(signal === undefined ? {} : { signal }),
  })) as APIGuildScheduledEvent;
  return readState(created);
}

/**
 * The bot's own external event at this location, if the guild has one: made by the bot (`creator_id`; a
 * member's event with the same text is theirs), and one not over yet before any other unless `anyStatus`.
 */
export async function findEventByLocation(
  rest: REST,
  guildId: string,
  wanted: { readonly location: string; readonly botUserId: string; readonly anyStatus: boolean },
): Promise<DiscordEventState | undefined> {
  const events = (await rest.get(Routes.guildScheduledEvents(guildId))) as APIGuildScheduledEvent[];
  const found = events
    .filter(
      (event) =>
        event.entity_type === GuildScheduledEventEntityType.External &&
        event.entity_metadata.location === wanted.location &&
        event.creator_id === wanted.botUserId,
    )
    .map(readState)
    .filter((event) => wanted.anyStatus || event.status === "scheduled" || event.status === "active");
  return found.find((event) => event.status === "scheduled" || event.status === "active") ?? found[0];
}

export async function readEvent(rest: REST, guildId: string, eventId: string): Promise<DiscordEventState> {
  return readState((await rest.get(Routes.guildScheduledEvent(guildId, eventId))) as APIGuildScheduledEvent);
}

export async function modifyEventFields(
  rest: REST,
  guildId: string,
  eventId: string,
  fields: TournamentEventFields,
): Promise<void> {
  await rest.patch(Routes.guildScheduledEvent(guildId, eventId), { body: toBody(fields) });
}

/**
 * What an event whose start passed still takes: its name, description and end (an ACTIVE event keeps its start,
 * entity type and location; fake-discord/README.md, "Scheduled events"), so only those are sent.
 */
export async function modifyStartedEventDetails(
  rest: REST,
  guildId: string,
  eventId: string,
  details: Pick<TournamentEventFields, "name" | "description"> & { readonly endsAt: number | undefined },
): Promise<void> {
  const end =
    details.endsAt === undefined ? {} : { scheduled_end_time: new Date(details.endsAt).toISOString() };
  await rest.patch(Routes.guildScheduledEvent(guildId, eventId), {
    body: { name: details.name, description: details.description, ...end },
  });
}

export async function moveEventStatus(
  rest: REST,
  guildId: string,
  eventId: string,
  status: keyof typeof statusValues,
): Promise<void> {
  await rest.patch(Routes.guildScheduledEvent(guildId, eventId), { body: { status: statusValues[status] } });
}

export async function deleteEvent(rest: REST, guildId: string, eventId: string): Promise<void> {
  await rest.delete(Routes.guildScheduledEvent(guildId, eventId));
}
