import { GuildScheduledEventEntityType, GuildScheduledEventStatus } from "discord.js";
import type { FakeScheduledEvent } from "./world-types.js";

/**
 * "On the order of hours" is all the docs say of when an event never started is cancelled; the fake's own
 * choice, settable with the `cancelUnstartedEventsAfterMs` option.
 */
export const defaultCancelUnstartedAfterMs = 3 * 60 * 60_000;

/**
 * The statuses Discord moves an event through by itself by `now`, in order (docs: Guild Scheduled Event,
 * "Guild Scheduled Event Status Update Automation"): an external event is set ACTIVE at its
 * `scheduled_start_time` and COMPLETED at its `scheduled_end_time`; any event still SCHEDULED some time after
 * its start (`cancelUnstartedAfterMs`) is CANCELED. A voice or stage event's end, which the docs tie to its
 * channel emptying, is never moved here: the fake has no one in its channels.
 */
export function dueStatusMoves(
  event: FakeScheduledEvent,
  now: number,
  cancelUnstartedAfterMs: number,
): GuildScheduledEventStatus[] {
  const moves: GuildScheduledEventStatus[] = [];
  let { status } = event;
  const startsAt = Date.parse(event.scheduledStartTime);
  const external = event.entityType === GuildScheduledEventEntityType.External;
  if (status === GuildScheduledEventStatus.Scheduled && external && startsAt <= now) {
    status = GuildScheduledEventStatus.Active;
    moves.push(status);
  }
  if (status === GuildScheduledEventStatus.Scheduled && startsAt + cancelUnstartedAfterMs <= now)
    moves.push(GuildScheduledEventStatus.Canceled);
  const endsAt = event.scheduledEndTime === null ? Number.NaN : Date.parse(event.scheduledEndTime);
  if (status === GuildScheduledEventStatus.Active && external && endsAt <= now)
    moves.push(GuildScheduledEventStatus.Completed);
  return moves;
}
