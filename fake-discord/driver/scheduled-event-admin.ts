import {
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  type GuildScheduledEventStatus,
} from "discord.js";
import type { FakeDiscordState } from "../fake-discord-state.js";
import type { FakeGuild, FakeScheduledEvent, FakeUser } from "../world/world-types.js";
import { createWorldWatch } from "./world-watch.js";

/** An event as a member makes it in Discord's client; times are ISO 8601 strings. */
export interface HandMadeEvent {
  name: string;
  scheduledStartTime: string;
  scheduledEndTime?: string;
  description?: string;
  entityType?: GuildScheduledEventEntityType;
  /** The voice or stage channel of a voice or stage event. */
  channelId?: string;
  /** Where an external event is held. */
  location?: string;
}

/**
 * A guild's scheduled events as tests and the playground read them, and what members and Discord do to
 * them: a member marks one "Interested" (GUILD_SCHEDULED_EVENT_USER_ADD), or Discord moves its status on
 * (docs: Guild Scheduled Event Status Update Automation). The bot's own requests go through REST instead.
 */
export class ScheduledEventAdmin {
  /**
   * Calls `listener` with the guild's id after any of its events is created, changed (moved, started,
   * completed, cancelled), deleted, or marked or unmarked "Interested", whoever did it, e.g. for a live view;
   * returns a function that stops it.
   */
  readonly onChange: (listener: (guildId: string) => void) => () => void;

  constructor(private readonly state: FakeDiscordState) {
    this.onChange = createWorldWatch<string>(state.world, (tell) => {
      const changed = (guild: FakeGuild) => {
        tell(guild.id);
      };
      return {
        scheduledEventCreated: changed,
        scheduledEventUpdated: changed,
        scheduledEventDeleted: changed,
        scheduledEventInterest: changed,
      };
    });
  }

  /** The guild's events, oldest first, as they stand at the clock's time (see `advanceStatuses`). */
  list(guildId: string): FakeScheduledEvent[] {
    const guild = this.guild(guildId);
    this.advance(guild);
    return [...guild.scheduledEvents.values()];
  }

  /**
   * Discord's own moves, due by the fake's clock (docs: Guild Scheduled Event Status Update Automation): an
   * external event becomes ACTIVE at its start and COMPLETED at its end, and any event still SCHEDULED
   * `cancelUnstartedEventsAfterMs` after its start is CANCELED, each as a GUILD_SCHEDULED_EVENT_UPDATE. They
   * happen when anything reads the events (a REST route, `list`); a test that moved a ManualClock calls this
   * to have them sent now. Returns how many moves there were, in every guild or in `guildId`'s.
   */
  advanceStatuses(guildId?: string): number {
    const { world } = this.state;
    const guilds = guildId === undefined ? [...world.guilds.values()] : [this.guild(guildId)];
    return guilds.reduce((moved, guild) => moved + this.advance(guild), 0);
  }

  find(guildId: string, name: string): FakeScheduledEvent | undefined {
    return this.list(guildId).find((event) => event.name === name);
  }

  /**
   * A member creates an event by hand (an external one unless `entityType` says otherwise): it reaches the
   * bot as GUILD_SCHEDULED_EVENT_CREATE, and the bot needs Manage Events to edit or delete it.
   */
  createByMember(guildId: string, userId: string, input: HandMadeEvent): FakeScheduledEvent {
    const guild = this.guild(guildId);
    if (!guild.members.has(userId)) throw new Error(`User ${userId} is not a member of guild ${guild.name}`);
    const event = this.state.world.scheduledEvents.create(guild, {
      creatorId: userId,
      name: input.name,
      description: input.description ?? null,
      scheduledStartTime: input.scheduledStartTime,
      scheduledEndTime: input.scheduledEndTime ?? null,
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: input.entityType ?? GuildScheduledEventEntityType.External,
      channelId: input.channelId ?? null,
      location: input.location ?? null,
    });
    this.state.signal.notify();
    return event;
  }

  /** The member marks the event "Interested"; nothing happens when they already had. */
  markInterested(guildId: string, eventId: string, userId: string): void {
    this.setInterest(guildId, eventId, userId, true);
  }

  /** The member takes back their interest: GUILD_SCHEDULED_EVENT_USER_REMOVE. */
  unmarkInterested(guildId: string, eventId: string, userId: string): void {
    this.setInterest(guildId, eventId, userId, false);
  }

  /** The users who marked the event "Interested", in the order they did. */
  interested(guildId: string, eventId: string): FakeUser[] {
    return this.event(this.guild(guildId), eventId).interestedUserIds.map((id) =>
      this.state.world.requireUser(id),
    );
  }

  /**
   * Puts the event in any status at once, as Discord or a member in its client might; no transition rule
   * applies, so a test can also put an event where the bot could not (GUILD_SCHEDULED_EVENT_UPDATE). The
   * moves Discord makes at an event's times are `advanceStatuses`'s.
   */
  setStatus(guildId: string, eventId: string, status: GuildScheduledEventStatus): void {
    const guild = this.guild(guildId);
    this.state.world.scheduledEvents.update(guild, this.event(guild, eventId), { status });
    this.state.signal.notify();
  }

  /** Resolves with the first event of the guild for which `matches` holds, now or once one does. */
  waitForEvent(
    guildId: string,
    matches: (event: FakeScheduledEvent) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<FakeScheduledEvent> {
    return this.state.signal.waitFor(
      () => this.list(guildId).find(matches),
      timeoutMs,
      `a scheduled event in guild ${guildId}`,
    );
  }

  private setInterest(guildId: string, eventId: string, userId: string, interested: boolean): void {
    const guild = this.guild(guildId);
    if (!guild.members.has(userId)) throw new Error(`User ${userId} is not a member of guild ${guild.name}`);
    this.state.world.scheduledEvents.setInterest(guild, this.event(guild, eventId), userId, interested);
    this.state.signal.notify();
  }

  private advance(guild: FakeGuild): number {
    const moved = this.state.world.scheduledEvents.advance(guild);
    if (moved > 0) this.state.signal.notify();
    return moved;
  }

  private event(guild: FakeGuild, eventId: string): FakeScheduledEvent {
    const event = guild.scheduledEvents.get(eventId);
    if (event === undefined) throw new Error(`No scheduled event ${eventId} in guild ${guild.name}`);
    return event;
  }

  private guild(guildId: string): FakeGuild {
    return this.state.world.requireGuild(guildId);
  }
}
