import {
  GuildScheduledEventEntityType,
  GuildScheduledEventStatus,
  GuildScheduledEventPrivacyLevel,
} from "discord.js";
import { DiscordHttpError, type FieldError } from "../discord-errors.js";
import { isRecord } from "../validation/field-checks.js";
import { readEnumMember } from "./read-enum-member.js";
import type { ScheduledEventChanges } from "../world/guild-scheduled-events.js";
import type { FakeScheduledEvent } from "../world/world-types.js";

/**
 * The fields of a Create or Modify Guild Scheduled Event body, read as sent; their types and lengths are
 * the OpenAPI check's to refuse. `entity_metadata: null` clears the location.
 */
export function readScheduledEventFields(body: unknown): ScheduledEventChanges {
  const fields: ScheduledEventChanges = {};
  if (!isRecord(body)) return fields;
  if (typeof body.name === "string") fields.name = body.name;
  if (typeof body.description === "string" || body.description === null)
    fields.description = body.description;
  if (typeof body.scheduled_start_time === "string") fields.scheduledStartTime = body.scheduled_start_time;
  if (typeof body.scheduled_end_time === "string" || body.scheduled_end_time === null)
    fields.scheduledEndTime = body.scheduled_end_time;
  const privacyLevel = readEnumMember(GuildScheduledEventPrivacyLevel, body.privacy_level);
  if (privacyLevel !== undefined) fields.privacyLevel = privacyLevel;
  const entityType = readEnumMember(GuildScheduledEventEntityType, body.entity_type);
  if (entityType !== undefined) fields.entityType = entityType;
  const status = readEnumMember(GuildScheduledEventStatus, body.status);
  if (status !== undefined) fields.status = status;
  if (typeof body.channel_id === "string" || body.channel_id === null) fields.channelId = body.channel_id;
  if (body.entity_metadata === null) fields.location = null;
  if (isRecord(body.entity_metadata) && typeof body.entity_metadata.location === "string")
    fields.location = body.entity_metadata.location;
  return fields;
}

type EntityFields = Pick<FakeScheduledEvent, "entityType" | "channelId" | "location" | "scheduledEndTime">;

/**
 * What the spec cannot say (docs: Field Requirements By Entity Type): an external event has no channel, a
 * location and an end time; a voice or stage event has a channel. Else 400 50035, naming the field in the
 * BASE_TYPE_REQUIRED wording Discord uses for missing fields (the docs give no code for these).
 */
export function assertEntityRequirements(event: EntityFields): void {
  const errors: FieldError[] = [];
  const required = (path: (string | number)[]) =>
    errors.push({ path, code: "BASE_TYPE_REQUIRED", message: "This field is required" });
  if (event.entityType === GuildScheduledEventEntityType.External) {
    if (event.channelId !== null)
      errors.push({ path: ["channel_id"], code: "BASE_TYPE_NULL", message: "This field must be null." });
    if (event.location === null || event.location === "") required(["entity_metadata", "location"]);
    if (event.scheduledEndTime === null) required(["scheduled_end_time"]);
  } else if (event.channelId === null) {
    required(["channel_id"]);
  }
  if (errors.length > 0) throw new DiscordHttpError("invalidFormBody", errors);
}

/**
 * A start time sent in the past, on a create or an edit, changed or not: 400 50035 on `scheduled_start_time`,
 * in the code and wording Discord answers with (what bots meet as GUILD_SCHEDULED_EVENT_SCHEDULE_PAST; the
 * docs give no code for it).
 */
export function assertStartNotPast(scheduledStartTime: string | undefined, now: number): void {
  if (scheduledStartTime === undefined || Date.parse(scheduledStartTime) >= now) return;
  throw new DiscordHttpError("invalidFormBody", [
    {
      path: ["scheduled_start_time"],
      code: "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
      message: "Cannot schedule event in the past.",
    },
  ]);
}

/**
 * An end that is not after the start, sent or left by a change that moved the start past it: 400 50035 on
 * `scheduled_end_time` (Discord refuses it; the docs give no code, so the field error's code is the fake's
 * own).
 */
export function assertEndAfterStart(
  event: Pick<FakeScheduledEvent, "scheduledStartTime" | "scheduledEndTime">,
): void {
  if (event.scheduledEndTime === null) return;
  if (Date.parse(event.scheduledEndTime) > Date.parse(event.scheduledStartTime)) return;
  throw new DiscordHttpError("invalidFormBody", [
    {
      path: ["scheduled_end_time"],
      code: "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
      message: "The end time must be after the start time.",
    },
  ]);
}

/** SCHEDULED → ACTIVE → COMPLETED, or SCHEDULED → CANCELED (docs: Valid Guild Scheduled Event Status Transitions). */
const nextStatuses: ReadonlyMap<GuildScheduledEventStatus, readonly GuildScheduledEventStatus[]> = new Map([
  [
    GuildScheduledEventStatus.Scheduled,
    [GuildScheduledEventStatus.Active, GuildScheduledEventStatus.Canceled],
  ],
  [GuildScheduledEventStatus.Active, [GuildScheduledEventStatus.Completed]],
]);

/**
 * A COMPLETED or CANCELED event takes no more changes (400 180000 Cannot update a finished event); any
 * other move than the documented ones is 400 50035 on `status` (the field error's code is the fake's own).
 */
export function assertStatusChange(
  event: FakeScheduledEvent,
  status: GuildScheduledEventStatus | undefined,
): void {
  const next = nextStatuses.get(event.status);
  if (next === undefined) throw new DiscordHttpError("finishedScheduledEvent");
  if (status === undefined || status === event.status || next.includes(status)) return;
  throw new DiscordHttpError("invalidFormBody", [
    {
      path: ["status"],
      code: "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
      message: `Cannot move a scheduled event from status ${event.status} to ${status}.`,
    },
  ]);
}

/**
 * What an ACTIVE event keeps (fake-discord/README.md, "Scheduled events"): its start, entity type, channel and
 * location. The docs name no such rule; it rests on reports from bot makers, so a changed one is refused with
 * 400 50035 on the field, in a code and wording of the fake's own. The same value sent again passes.
 */
export function assertActiveEventKeeps(event: FakeScheduledEvent, changes: ScheduledEventChanges): void {
  if (event.status !== GuildScheduledEventStatus.Active) return;
  const changed: (string | number)[][] = [];
  const { scheduledStartTime, entityType, channelId, location } = changes;
  if (
    scheduledStartTime !== undefined &&
    Date.parse(scheduledStartTime) !== Date.parse(event.scheduledStartTime)
  )
    changed.push(["scheduled_start_time"]);
  if (entityType !== undefined && entityType !== event.entityType) changed.push(["entity_type"]);
  if (channelId !== undefined && channelId !== event.channelId) changed.push(["channel_id"]);
  // A voice or stage event's `entity_metadata` is dropped unread (docs: Modify Guild Scheduled Event).
  const external = event.entityType === GuildScheduledEventEntityType.External;
  if (external && location !== undefined && location !== event.location)
    changed.push(["entity_metadata", "location"]);
  if (changed.length === 0) return;
  throw new DiscordHttpError(
    "invalidFormBody",
    changed.map((path) => ({
      path,
      code: "GUILD_SCHEDULED_EVENT_ACTIVE_FIELD",
      message: "Cannot change this field of an active event.",
    })),
  );
}
