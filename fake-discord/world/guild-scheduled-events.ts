import { GuildScheduledEventStatus } from "discord.js";
import type { Clock } from "../clock.js";
import type { SnowflakeGenerator } from "../snowflake.js";
import { defaultCancelUnstartedAfterMs, dueStatusMoves } from "./scheduled-event-automation.js";
import type { WorldListener } from "./world-listener.js";
import type { FakeGuild, FakeScheduledEvent } from "./world-types.js";

export type NewScheduledEvent = Omit<FakeScheduledEvent, "id" | "guildId" | "status" | "interestedUserIds">;

export type ScheduledEventChanges = Partial<
  Omit<FakeScheduledEvent, "id" | "guildId" | "creatorId" | "interestedUserIds">
>;

/** Statuses that count towards a guild's 100 (docs: Create Guild Scheduled Event). */
const uncompletedStatuses: ReadonlySet<GuildScheduledEventStatus> = new Set([
  GuildScheduledEventStatus.Scheduled,
  GuildScheduledEventStatus.Active,
]);

/** Every scheduled event and its "Interested" members, whoever changes them, told to the world's listeners. */
export class GuildScheduledEvents {
  /** How long an event may stay SCHEDULED past its start before Discord cancels it. */
  cancelUnstartedAfterMs = defaultCancelUnstartedAfterMs;

  constructor(
    private readonly nextId: SnowflakeGenerator,
    private readonly clock: Clock,
    private readonly listeners: readonly WorldListener[],
  ) {}

  /** A new event starts SCHEDULED, with nobody interested yet. */
  create(guild: FakeGuild, input: NewScheduledEvent): FakeScheduledEvent {
    const event: FakeScheduledEvent = {
      ...input,
      id: this.nextId(),
      guildId: guild.id,
      status: GuildScheduledEventStatus.Scheduled,
      interestedUserIds: [],
    };
    guild.scheduledEvents.set(event.id, event);
    for (const listener of this.listeners) listener.scheduledEventCreated?.(guild, event);
    return event;
  }

  update(guild: FakeGuild, event: FakeScheduledEvent, changes: ScheduledEventChanges): FakeScheduledEvent {
    Object.assign(event, changes);
    for (const listener of this.listeners) listener.scheduledEventUpdated?.(guild, event);
    return event;
  }

  /**
   * Moves the guild's events as Discord would have by the clock's time (scheduled-event-automation.ts), each
   * move told as an update; returns how many moves there were.
   */
  advance(guild: FakeGuild): number {
    const now = this.clock.now();
    let moved = 0;
    for (const event of guild.scheduledEvents.values()) {
      for (const status of dueStatusMoves(event, now, this.cancelUnstartedAfterMs)) {
        this.update(guild, event, { status });
        moved += 1;
      }
    }
    return moved;
  }

  delete(guild: FakeGuild, event: FakeScheduledEvent): void {
    guild.scheduledEvents.delete(event.id);
    for (const listener of this.listeners) listener.scheduledEventDeleted?.(guild, event);
  }

  /** Events that are SCHEDULED or ACTIVE: at most 100 per guild. */
  countUncompleted(guild: FakeGuild): number {
    let count = 0;
    for (const event of guild.scheduledEvents.values()) if (uncompletedStatuses.has(event.status)) count += 1;
    return count;
  }

  /** Marks or unmarks the member "Interested"; returns false (and tells nobody) when nothing changed. */
  setInterest(guild: FakeGuild, event: FakeScheduledEvent, userId: string, interested: boolean): boolean {
    if (event.interestedUserIds.includes(userId) === interested) return false;
    event.interestedUserIds = interested
      ? [...event.interestedUserIds, userId]
      : event.interestedUserIds.filter((id) => id !== userId);
    for (const listener of this.listeners)
      listener.scheduledEventInterest?.(guild, event, userId, interested);
    return true;
  }
}
