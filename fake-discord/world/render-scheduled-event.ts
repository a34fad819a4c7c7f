import { GuildScheduledEventEntityType } from "discord.js";
import { renderUser, type ApiObject } from "./render-world.js";
import type { FakeScheduledEvent, FakeUser } from "./world-types.js";

/**
 * A guild scheduled event (docs: Resources, Guild Scheduled Event — Guild Scheduled Event Object);
 * `user_count` only when asked for with `with_user_count=true`.
 */
export function renderScheduledEvent(
  event: FakeScheduledEvent,
  creator: FakeUser | undefined,
  options: { withUserCount?: boolean } = {},
): ApiObject {
  const rendered: ApiObject = {
    id: event.id,
    guild_id: event.guildId,
    channel_id: event.channelId,
    creator_id: event.creatorId,
    name: event.name,
    description: event.description,
    scheduled_start_time: event.scheduledStartTime,
    scheduled_end_time: event.scheduledEndTime,
    privacy_level: event.privacyLevel,
    status: event.status,
    entity_type: event.entityType,
    entity_id: null,
    // Only external events carry metadata (docs: Field Requirements By Entity Type).
    entity_metadata:
      event.entityType === GuildScheduledEventEntityType.External ? { location: event.location } : null,
    image: null,
    recurrence_rule: null,
  };
  if (creator !== undefined) rendered.creator = renderUser(creator);
  if (options.withUserCount === true) rendered.user_count = event.interestedUserIds.length;
  return rendered;
}
