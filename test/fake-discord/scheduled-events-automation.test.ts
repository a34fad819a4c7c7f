// Discord moves events by itself (docs: Guild Scheduled Event, "Guild Scheduled Event Status Update
// Automation"): an external event becomes ACTIVE at its start and COMPLETED at its end, and an event never
// started is cancelled some hours after its start. The fake does so on its own clock, here a manual one.
import { REST } from "@discordjs/rest";
import {
  ChannelType,
  GatewayIntentBits,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  Routes,
  type APIGuildScheduledEvent,
  type Client,
  type GuildScheduledEvent,
} from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { ManualClock } from "../../src/clock.js";
import { connectClient } from "./connect-client.js";

const hour = 3_600_000;

describe("the fake Discord moving scheduled events on its clock", () => {
  let clock: ManualClock;
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 11, 1, 12));
    fake = await createFakeDiscord({ clock, cancelUnstartedEventsAfterMs: 2 * hour });
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    fake.roles.grantBot(guildId, ["CreateEvents"]);
  });

  afterEach(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  const at = (ms: number) => new Date(ms).toISOString();
  const create = async (body: Record<string, unknown>) =>
    (await rest.post(Routes.guildScheduledEvents(guildId), { body })) as APIGuildScheduledEvent;
  const read = async (eventId: string) =>
    (await rest.get(Routes.guildScheduledEvent(guildId, eventId))) as APIGuildScheduledEvent;
  const external = (startsAt: number, endsAt: number) => ({
    name: "Weekly Contest #42",
    entity_type: GuildScheduledEventEntityType.External,
    privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
    scheduled_start_time: at(startsAt),
    scheduled_end_time: at(endsAt),
    entity_metadata: { location: "arena.example/contest/42" },
  });

  it("starts an external event at its start time and completes it at its end, as REST then reads it", async () => {
    const startsAt = clock.now() + hour;
    const event = await create(external(startsAt, startsAt + 2 * hour));
    clock.advance(hour - 1);
    expect((await read(event.id)).status).toBe(GuildScheduledEventStatus.Scheduled);
    clock.advance(1);
    expect((await read(event.id)).status).toBe(GuildScheduledEventStatus.Active);
    clock.advance(2 * hour - 1);
    expect((await read(event.id)).status).toBe(GuildScheduledEventStatus.Active);
    clock.advance(1);
    const listed = (await rest.get(Routes.guildScheduledEvents(guildId))) as APIGuildScheduledEvent[];
    expect(listed.map((each) => each.status)).toEqual([GuildScheduledEventStatus.Completed]);
    // Completed by Discord, it takes no more changes from the bot.
    await expect(
      rest.patch(Routes.guildScheduledEvent(guildId, event.id), {
        body: { status: GuildScheduledEventStatus.Completed },
      }),
    ).rejects.toMatchObject({ status: 400, code: 180000 });
  });

  it("cancels an event still scheduled some time after its start, and only then", async () => {
    const voiceId = fake.createChannel(guildId, { name: "Stage", type: ChannelType.GuildVoice }).id;
    const startsAt = clock.now() + hour;
    const event = await create({
      name: "Voice night",
      entity_type: GuildScheduledEventEntityType.Voice,
      privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
      channel_id: voiceId,
      scheduled_start_time: at(startsAt),
    });
    clock.advance(3 * hour - 1);
    expect(fake.scheduledEvents.list(guildId).map((each) => each.status)).toEqual([
      GuildScheduledEventStatus.Scheduled,
    ]);
    clock.advance(1);
    expect((await read(event.id)).status).toBe(GuildScheduledEventStatus.Canceled);
  });

  it("refuses to move an active event's start or location, and takes a new name or end", async () => {
    const startsAt = clock.now() + hour;
    const event = await create(external(startsAt, startsAt + 2 * hour));
    clock.advance(hour);
    const modify = async (body: Record<string, unknown>) =>
      (await rest.patch(Routes.guildScheduledEvent(guildId, event.id), { body })) as APIGuildScheduledEvent;
    const refusedField = { status: 400, code: 50035 };
    await expect(modify({ scheduled_start_time: at(clock.now() + hour) })).rejects.toMatchObject({
      ...refusedField,
      rawError: {
        errors: { scheduled_start_time: { _errors: [{ code: "GUILD_SCHEDULED_EVENT_ACTIVE_FIELD" }] } },
      },
    });
    await expect(modify({ entity_metadata: { location: "elsewhere" } })).rejects.toMatchObject({
      ...refusedField,
      rawError: {
        errors: {
          entity_metadata: { location: { _errors: [{ code: "GUILD_SCHEDULED_EVENT_ACTIVE_FIELD" }] } },
        },
      },
    });
    const renamed = await modify({
      name: "Weekly Contest #42 (finals)",
      entity_metadata: { location: "arena.example/contest/42" },
      scheduled_end_time: at(startsAt + 3 * hour),
    });
    expect(renamed).toMatchObject({
      status: GuildScheduledEventStatus.Active,
      name: "Weekly Contest #42 (finals)",
      scheduled_start_time: at(startsAt),
      scheduled_end_time: at(startsAt + 3 * hour),
    });
  });

  describe("over the gateway", () => {
    let client: Client<true>;

    beforeEach(async () => {
      client = await connectClient(fake, {
        intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildScheduledEvents],
      });
    });
    afterEach(async () => {
      await client.destroy();
    });

    it("sends each move as GUILD_SCHEDULED_EVENT_UPDATE, both when start and end passed at once", async () => {
      const statuses: GuildScheduledEventStatus[] = [];
      let told: () => void = () => undefined;
      const twice = new Promise<void>((resolve) => {
        told = resolve;
      });
      client.on("guildScheduledEventUpdate", (_old, each: GuildScheduledEvent) => {
        statuses.push(each.status);
        if (statuses.length === 2) told();
      });
      const startsAt = clock.now() + hour;
      await create(external(startsAt, startsAt + hour));
      clock.advance(hour);
      expect(fake.scheduledEvents.advanceStatuses()).toBe(1);
      expect(fake.scheduledEvents.advanceStatuses()).toBe(0);
      clock.advance(hour);
      expect(fake.scheduledEvents.advanceStatuses(guildId)).toBe(1);
      await twice;
      expect(statuses).toEqual([GuildScheduledEventStatus.Active, GuildScheduledEventStatus.Completed]);

      const later = clock.now() + hour;
      const skipped = await create(external(later, later + hour));
      const both = new Promise<GuildScheduledEventStatus[]>((resolve) => {
        const seen: GuildScheduledEventStatus[] = [];
        client.on("guildScheduledEventUpdate", (_old, each: GuildScheduledEvent) => {
          if (each.id !== skipped.id) return;
          seen.push(each.status);
          if (seen.length === 2) resolve(seen);
        });
      });
      clock.advance(3 * hour);
      expect(fake.scheduledEvents.advanceStatuses()).toBe(2);
      expect(await both).toEqual([GuildScheduledEventStatus.Active, GuildScheduledEventStatus.Completed]);
    });
  });
});
