// The fake's watchers for a live view (the playground's page): threads started or archived, and a guild's
// scheduled events created, moved on or marked "Interested", each told until the watcher stops.
import { REST } from "@discordjs/rest";
import { GuildScheduledEventStatus, Routes, type APIMessage } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

describe("watching a guild's threads and scheduled events", () => {
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it("tells each watcher the thread after it is started or archived, until it stops", async () => {
    fake = await createFakeDiscord();
    const guildId = fake.createGuild({ name: "Arena" }).id;
    const channelId = fake.createChannel(guildId, { name: "battles" }).id;
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
    const rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    const told: string[] = [];
    const stop = fake.threads.onChange((thread) =>
      told.push(`${thread.name}:${String(thread.thread?.archived)}`),
    );
    const message = (await rest.post(Routes.channelMessages(channelId), {
      body: { content: "Open" },
    })) as APIMessage;
    await rest.post(Routes.threads(channelId, message.id), { body: { name: "Battle #1" } });
    fake.threads.setArchived(message.id, true);
    expect(told).toEqual(["Battle #1:false", "Battle #1:true"]);
    stop();
    fake.threads.setArchived(message.id, false);
    expect(told).toHaveLength(2);
  });

  it("tells each watcher the guild after an event is created, moved on or marked Interested, until it stops", async () => {
    fake = await createFakeDiscord();
    const guildId = fake.createGuild({ name: "Arena" }).id;
    const alice = fake.createMember(guildId, { username: "alice" });
    const told: string[] = [];
    const stop = fake.scheduledEvents.onChange((changed) => told.push(changed));
    const event = fake.scheduledEvents.createByMember(guildId, alice.id, {
      name: "Cup",
      scheduledStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      scheduledEndTime: new Date(Date.now() + 7_200_000).toISOString(),
      location: "Online",
    });
    fake.scheduledEvents.setStatus(guildId, event.id, GuildScheduledEventStatus.Active);
    fake.scheduledEvents.markInterested(guildId, event.id, alice.id);
    expect(told).toEqual([guildId, guildId, guildId]);
    stop();
    fake.scheduledEvents.unmarkInterested(guildId, event.id, alice.id);
    expect(told).toHaveLength(3);
  });
});
