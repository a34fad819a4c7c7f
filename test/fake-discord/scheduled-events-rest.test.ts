import { REST } from "@discordjs/rest";
import {
  ChannelType,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  Routes,
  type APIGuildScheduledEvent,
} from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

const missingPermissions = { status: 403, code: 50013 };
const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
const dayAfter = new Date(Date.now() + 2 * 86_400_000).toISOString();

/** An external event: where it is held and when it ends are required (docs: Field Requirements). */
function externalEvent(name: string): Record<string, unknown> {
  return {
    name,
    entity_type: GuildScheduledEventEntityType.External,
    privacy_level: GuildScheduledEventPrivacyLevel.GuildOnly,
    scheduled_start_time: tomorrow,
    scheduled_end_time: dayAfter,
    entity_metadata: { location: "arena.example/contest/42" },
  };
}

describe("guild scheduled events on the fake Discord, over REST", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;

  beforeEach(async () => {
    // The 100-event test sends 100 creates at once; Discord's rate limits are not what it checks.
    fake = await createFakeDiscord({
      defaultRouteLimit: { limit: 1000, windowMs: 1000 },
      globalRateLimit: { perSecond: 1000 },
    });
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    fake.roles.grantBot(guildId, ["CreateEvents"]);
  });

  afterEach(async () => {
    await fake.close();
  });

  const create = async (body: Record<string, unknown>) =>
    (await rest.post(Routes.guildScheduledEvents(guildId), { body })) as APIGuildScheduledEvent;
  const modify = async (eventId: string, body: Record<string, unknown>) =>
    (await rest.patch(Routes.guildScheduledEvent(guildId, eventId), { body })) as APIGuildScheduledEvent;

  it("creates an external event, SCHEDULED and made by the bot, and lists and fetches it", async () => {
    const event = await create(externalEvent("Weekly Contest #42"));
    expect(event).toMatchObject({
      guild_id: guildId,
      name: "Weekly Contest #42",
      status: GuildScheduledEventStatus.Scheduled,
      entity_type: GuildScheduledEventEntityType.External,
      channel_id: null,
      creator_id: fake.applicationId,
      entity_metadata: { location: "arena.example/contest/42" },
      scheduled_end_time: dayAfter,
    });
    const listed = (await rest.get(Routes.guildScheduledEvents(guildId))) as APIGuildScheduledEvent[];
    expect(listed.map((each) => each.id)).toEqual([event.id]);
    expect(await rest.get(Routes.guildScheduledEvent(guildId, event.id))).toMatchObject({ id: event.id });
    expect(fake.scheduledEvents.find(guildId, "Weekly Contest #42")?.id).toBe(event.id);
  });

  it("refuses an external event without a location or an end, and a voice event without a channel", async () => {
    const { entity_metadata: location, scheduled_end_time: _end, ...bare } = externalEvent("No place");
    // The spec requires the metadata of an external event; the end, which it cannot say, is checked by hand.
    await expect(create(bare)).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: { errors: { entity_metadata: { _errors: [{ code: "BASE_TYPE_REQUIRED" }] } } },
    });
    await expect(create({ ...bare, entity_metadata: location })).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: { errors: { scheduled_end_time: { _errors: [{ code: "BASE_TYPE_REQUIRED" }] } } },
    });
    await expect(create({ ...bare, entity_type: GuildScheduledEventEntityType.Voice })).rejects.toMatchObject(
      { status: 400, rawError: { errors: { channel_id: {} } } },
    );
    expect(fake.scheduledEvents.list(guildId)).toEqual([]);
  });

  it("refuses an empty name, as the docs give 1-100 characters where the spec gives only the 100", async () => {
    const emptyName = { status: 400, code: 50035, rawError: { errors: { name: {} } } };
    await expect(create(externalEvent(""))).rejects.toMatchObject(emptyName);
    const event = await create(externalEvent("Contest"));
    await expect(modify(event.id, { name: "" })).rejects.toMatchObject(emptyName);
    expect(fake.scheduledEvents.list(guildId).map((each) => each.name)).toEqual(["Contest"]);
  });

  it("refuses a start time in the past, on a create and on an edit", async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const inThePast = {
      status: 400,
      code: 50035,
      rawError: {
        errors: { scheduled_start_time: { _errors: [{ code: "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST" }] } },
      },
    };
    await expect(create({ ...externalEvent("Late"), scheduled_start_time: past })).rejects.toMatchObject(
      inThePast,
    );
    const event = await create(externalEvent("Contest"));
    await expect(modify(event.id, { scheduled_start_time: past })).rejects.toMatchObject(inThePast);
    expect(fake.scheduledEvents.list(guildId).map((each) => each.scheduledStartTime)).toEqual([tomorrow]);
  });

  it("refuses an end not after the start, sent or left behind by a start moved past it", async () => {
    const endBeforeStart = {
      status: 400,
      code: 50035,
      rawError: {
        errors: { scheduled_end_time: { _errors: [{ code: "GUILD_SCHEDULED_EVENT_END_BEFORE_START" }] } },
      },
    };
    await expect(
      create({ ...externalEvent("Backwards"), scheduled_end_time: tomorrow }),
    ).rejects.toMatchObject(endBeforeStart);
    const event = await create(externalEvent("Contest"));
    const later = new Date(Date.parse(dayAfter) + 3_600_000).toISOString();
    await expect(modify(event.id, { scheduled_start_time: later })).rejects.toMatchObject(endBeforeStart);
    // Both moved together: what a bot moving an event's start sends.
    const laterEnd = new Date(Date.parse(later) + 3_600_000).toISOString();
    expect(
      await modify(event.id, { scheduled_start_time: later, scheduled_end_time: laterEnd }),
    ).toMatchObject({
      scheduled_start_time: later,
      scheduled_end_time: laterEnd,
    });
  });

  it("needs Create Events to create, and Manage Events alone is not enough", async () => {
    fake.roles.revokeFromBot(guildId, ["CreateEvents"]);
    fake.roles.grantBot(guildId, ["ManageEvents"]);
    await expect(create(externalEvent("Contest"))).rejects.toMatchObject(missingPermissions);
    fake.roles.grantBot(guildId, ["CreateEvents"]);
    const event = await create(externalEvent("Contest"));
    fake.roles.revokeFromBot(guildId, ["CreateEvents", "ManageEvents"]);
    await expect(modify(event.id, { name: "Renamed" })).rejects.toMatchObject(missingPermissions);
    await expect(rest.delete(Routes.guildScheduledEvent(guildId, event.id))).rejects.toMatchObject(
      missingPermissions,
    );
    expect(fake.scheduledEvents.list(guildId).map((each) => each.name)).toEqual(["Contest"]);
  });

  it("edits or deletes a member's event only with Manage Events, whatever Create Events allows", async () => {
    const alice = fake.createMember(guildId, { username: "alice" });
    const hers = fake.scheduledEvents.createByMember(guildId, alice.id, {
      name: "Alice's stream",
      scheduledStartTime: tomorrow,
      scheduledEndTime: dayAfter,
      location: "twitch.example/alice",
    });
    await expect(modify(hers.id, { name: "Taken over" })).rejects.toMatchObject(missingPermissions);
    fake.roles.grantBot(guildId, ["ManageEvents"]);
    expect((await modify(hers.id, { name: "Alice's stream (rescheduled)" })).creator_id).toBe(alice.id);
    await rest.delete(Routes.guildScheduledEvent(guildId, hers.id));
    expect(fake.scheduledEvents.list(guildId)).toEqual([]);
  });

  it("creates a voice event in a voice channel only, and lists it only while the bot sees that channel", async () => {
    const textId = fake.createChannel(guildId, { name: "battles" }).id;
    const voiceId = fake.createChannel(guildId, { name: "Stage", type: ChannelType.GuildVoice }).id;
    const { entity_metadata: _location, ...external } = externalEvent("Live review");
    const inChannel = { ...external, entity_type: GuildScheduledEventEntityType.Voice };
    await expect(create({ ...inChannel, channel_id: textId })).rejects.toMatchObject({ code: 10003 });
    const event = await create({ ...inChannel, channel_id: voiceId });
    expect(event).toMatchObject({ channel_id: voiceId, entity_metadata: null });
    fake.denyChannelAccess(voiceId);
    expect(await rest.get(Routes.guildScheduledEvents(guildId))).toEqual([]);
  });

  it("moves SCHEDULED → ACTIVE → COMPLETED and refuses any other move", async () => {
    const event = await create(externalEvent("Contest"));
    await expect(modify(event.id, { status: GuildScheduledEventStatus.Completed })).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: { errors: { status: {} } },
    });
    expect((await modify(event.id, { status: GuildScheduledEventStatus.Active })).status).toBe(
      GuildScheduledEventStatus.Active,
    );
    await expect(modify(event.id, { status: GuildScheduledEventStatus.Canceled })).rejects.toMatchObject({
      code: 50035,
    });
    expect((await modify(event.id, { status: GuildScheduledEventStatus.Completed })).status).toBe(
      GuildScheduledEventStatus.Completed,
    );
    await expect(modify(event.id, { name: "Again" })).rejects.toMatchObject({ status: 400, code: 180000 });
    const other = await create(externalEvent("Cancelled one"));
    expect((await modify(other.id, { status: GuildScheduledEventStatus.Canceled })).status).toBe(
      GuildScheduledEventStatus.Canceled,
    );
  });

  it("holds at most 100 SCHEDULED or ACTIVE events, answering 30038, until one is cancelled", async () => {
    // Plain fetch, all at once: @discordjs/rest would queue them one by one on the route's bucket.
    const made = await Promise.all(
      Array.from({ length: 100 }, async (_unused, index) => {
        const response = await fetch(`${fake.apiUrl}/v10${Routes.guildScheduledEvents(guildId)}`, {
          method: "POST",
          headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
          body: JSON.stringify(externalEvent(`Round ${index + 1}`)),
        });
        expect(response.status).toBe(200);
        return (await response.json()) as APIGuildScheduledEvent;
      }),
    );
    await expect(create(externalEvent("Round 101"))).rejects.toMatchObject({ status: 400, code: 30038 });
    await modify(made[0]?.id ?? "", { status: GuildScheduledEventStatus.Canceled });
    expect((await create(externalEvent("Round 101"))).name).toBe("Round 101");
    expect(fake.scheduledEvents.list(guildId)).toHaveLength(101);
  });

  it("answers 10070 for an unknown or deleted event", async () => {
    const event = await create(externalEvent("Contest"));
    await rest.delete(Routes.guildScheduledEvent(guildId, event.id));
    await expect(rest.get(Routes.guildScheduledEvent(guildId, event.id))).rejects.toMatchObject({
      status: 404,
      code: 10070,
    });
    await expect(modify(event.id, { name: "x" })).rejects.toMatchObject({ code: 10070 });
    expect(fake.scheduledEvents.list(guildId)).toEqual([]);
  });

  it("lists the members who marked an event Interested, in id order, and counts them when asked", async () => {
    const event = await create(externalEvent("Contest"));
    const alice = fake.createMember(guildId, { username: "alice" });
    const bob = fake.createMember(guildId, { username: "bob" });
    fake.scheduledEvents.markInterested(guildId, event.id, bob.id);
    fake.scheduledEvents.markInterested(guildId, event.id, alice.id);
    const users = (await rest.get(Routes.guildScheduledEventUsers(guildId, event.id), {
      query: new URLSearchParams({ with_member: "true" }),
    })) as { user: { id: string }; member?: { nick: string | null } }[];
    expect(users.map((entry) => entry.user.id)).toEqual([alice.id, bob.id]);
    expect(users[0]?.member).toMatchObject({ nick: null });
    const counted = (await rest.get(Routes.guildScheduledEvent(guildId, event.id), {
      query: new URLSearchParams({ with_user_count: "true" }),
    })) as APIGuildScheduledEvent;
    expect(counted.user_count).toBe(2);
    expect(event.user_count).toBeUndefined();
    const after = (await rest.get(Routes.guildScheduledEventUsers(guildId, event.id), {
      query: new URLSearchParams({ after: alice.id }),
    })) as { user: { id: string } }[];
    expect(after.map((entry) => entry.user.id)).toEqual([bob.id]);
  });
});
