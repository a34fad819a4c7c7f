// The terminal's live watcher (playground/watch-channel.ts) on a real fake Discord: it tells each new post in
// its channel and in the threads started there, once each, and nothing from another channel or its threads.
import { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord, type StoredMessage } from "../../fake-discord/index.js";
import { watchChannel } from "../../playground/watch-channel.js";

describe("the terminal's live watcher", () => {
  let fake: FakeDiscord;
  let rest: REST;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
  });

  afterAll(async () => {
    await fake.close();
  });

  const post = async (channelId: string, content: string) =>
    (await rest.post(Routes.channelMessages(channelId), { body: { content } })) as { id: string };

  it("tells each new post in the channel and its threads once, and none from elsewhere", async () => {
    const guildId = fake.createGuild({ name: "Arena" }).id;
    fake.roles.grantBot(guildId, ["CreatePublicThreads", "SendMessagesInThreads"]);
    const watched = fake.createChannel(guildId, { name: "announcements" }).id;
    const other = fake.createChannel(guildId, { name: "general" }).id;
    const before = await post(watched, "posted before watching");
    await rest.post(Routes.threads(watched, before.id), { body: { name: "Earlier thread" } });
    await post(before.id, "in the earlier thread before watching");

    const told: StoredMessage[] = [];
    let tell: () => void = () => undefined;
    const stop = watchChannel(
      fake,
      guildId,
      watched,
      (message) => {
        told.push(message);
        tell();
      },
      10,
    );
    try {
      const starter = await post(watched, "a new post");
      await rest.post(Routes.threads(watched, starter.id), { body: { name: "New thread" } });
      await post(starter.id, "in the new thread");
      await post(before.id, "in the earlier thread");
      const elsewhere = await post(other, "in another channel");
      await rest.post(Routes.threads(other, elsewhere.id), { body: { name: "Elsewhere" } });
      await post(elsewhere.id, "in another channel's thread");
      const last = await post(watched, "the last post");
      await new Promise<void>((resolve) => {
        tell = () => {
          if (told.some((message) => message.id === last.id)) resolve();
        };
        tell();
      });
    } finally {
      stop();
    }
    expect(told.map((message) => message.content).sort()).toEqual(
      ["a new post", "in the new thread", "in the earlier thread", "the last post"].sort(),
    );
  });
});
