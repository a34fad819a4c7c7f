// The server's scheduled events as the page's Events view draws them, like Discord's Events tab: name,
// description and location as plain text, start and end on the one clock, status, and how many members
// marked each "Interested" (the member the page acts as among them or not). Soonest first.
import { GuildScheduledEventStatus } from "discord.js";
import type { FakeDiscord, FakeScheduledEvent } from "../../fake-discord/index.js";

export type EventStatusName = "scheduled" | "active" | "completed" | "canceled";

export interface EventView {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly startsAt: number;
  readonly endsAt: number | null;
  /** Where an external event is held; null for a voice or stage event. */
  readonly location: string | null;
  readonly status: EventStatusName;
  readonly interested: number;
  /** Whether the member the page acts as marked it "Interested". */
  readonly youAreInterested: boolean;
}

const statusNames: Readonly<Record<GuildScheduledEventStatus, EventStatusName>> = {
  [GuildScheduledEventStatus.Scheduled]: "scheduled",
  [GuildScheduledEventStatus.Active]: "active",
  [GuildScheduledEventStatus.Completed]: "completed",
  [GuildScheduledEventStatus.Canceled]: "canceled",
};

export function listEventViews(discord: FakeDiscord, guildId: string, memberId: string): EventView[] {
  return discord.scheduledEvents
    .list(guildId)
    .map((event) => viewEvent(event, memberId))
    .sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
}

function viewEvent(event: FakeScheduledEvent, memberId: string): EventView {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    startsAt: Date.parse(event.scheduledStartTime),
    endsAt: event.scheduledEndTime === null ? null : Date.parse(event.scheduledEndTime),
    location: event.location,
    status: statusNames[event.status],
    interested: event.interestedUserIds.length,
    youAreInterested: event.interestedUserIds.includes(memberId),
  };
}
