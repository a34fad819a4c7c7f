import {
  GatewayIntentBits,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  GuildScheduledEventStatus,
  Partials,
  type Client,
  type Guild,
  type GuildScheduledEvent,
  type User,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";

describe("scheduled events from the fake Discord to a real discord.js client", () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guild: Guild;
  let event: GuildScheduledEvent;
  let aliceId: string;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    const guildId = fake.createGuild({ name: "Arena" }).id;
    aliceId = fake.createMember(guildId, { username: "alice" }).id;
    fake.roles.grantBot(guildId, ["CreateEvents"]);
    // USER_ADD carries only the user's id (docs: Gateway Events, Guild Scheduled Event User Add): discord.js
    // emits it for a user it has not cached only with the User partial.
    client = await connectClient(fake, {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildScheduledEvents],
      partials: [Partials.User],
    });
    guild = client.guilds.cache.get(guildId) as Guild;
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("sees an event it creates arrive as GUILD_SCHEDULED_EVENT_CREATE", async () => {
    const arrived = new Promise<GuildScheduledEvent>((resolve) =>
      client.once("guildScheduledEventCreate", resolve),
    );
    event = await guild.scheduledEvents.create({
      name: "Weekly Contest #42",
      scheduledStartTime: Date.now() + 86_400_000,
      scheduledEndTime: Date.now() + 2 * 86_400_000,
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: { location: "arena.example/contest/42" },
    });
    const created = await arrived;
    expect(created.id).toBe(event.id);
    expect(created.entityMetadata?.location).toBe("arena.example/contest/42");
    expect(created.creatorId).toBe(client.user.id);
  });

  it("sees a member mark it Interested as GUILD_SCHEDULED_EVENT_USER_ADD", async () => {
    const added = new Promise<[GuildScheduledEvent | { id: string }, User]>((resolve) =>
      client.once("guildScheduledEventUserAdd", (each, user) => {
        resolve([each, user]);
      }),
    );
    fake.scheduledEvents.markInterested(guild.id, event.id, aliceId);
    const [interestedIn, user] = await added;
    expect(interestedIn.id).toBe(event.id);
    expect(user.id).toBe(aliceId);
    const fetched = await guild.scheduledEvents.fetch({
      guildScheduledEvent: event.id,
      withUserCount: true,
      force: true,
    });
    expect(fetched.userCount).toBe(1);
  });

  it("sees its status change as GUILD_SCHEDULED_EVENT_UPDATE and its deletion as DELETE", async () => {
    const updated = new Promise<GuildScheduledEvent>((resolve) =>
      client.once("guildScheduledEventUpdate", (_old, each) => {
        resolve(each);
      }),
    );
    await guild.scheduledEvents.edit(event.id, { status: GuildScheduledEventStatus.Active });
    expect((await updated).status).toBe(GuildScheduledEventStatus.Active);
    const deleted = new Promise<GuildScheduledEvent>((resolve) =>
      client.once("guildScheduledEventDelete", (each) => {
        resolve(each as GuildScheduledEvent);
      }),
    );
    await guild.scheduledEvents.delete(event.id);
    expect((await deleted).id).toBe(event.id);
    expect(guild.scheduledEvents.cache.has(event.id)).toBe(false);
  });

  it("sends a guild's events with GUILD_CREATE to a client that connects later", async () => {
    const kept = await guild.scheduledEvents.create({
      name: "Monthly Cup",
      scheduledStartTime: Date.now() + 86_400_000,
      scheduledEndTime: Date.now() + 2 * 86_400_000,
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: { location: "arena.example/cup" },
    });
    const late = await connectClient(fake, { intents: [GatewayIntentBits.Guilds] });
    try {
      const names = late.guilds.cache.get(guild.id)?.scheduledEvents.cache.map((each) => each.name);
      expect(names).toEqual([kept.name]);
    } finally {
      await late.destroy();
    }
  });
});
