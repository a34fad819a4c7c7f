// A fake Discord for a test file, the bot's REST client sending each request once, and a new channel for every
// test: each channel's message route has its own rate-limit bucket, so no test waits on another's posts.
import { REST } from "@discordjs/rest";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

export interface ChannelPerTest {
  readonly fake: FakeDiscord;
  readonly rest: REST;
  readonly guildId: string;
  /** The current test's channel. */
  readonly channelId: string;
}

export function useChannelPerTest(channelName: string): ChannelPerTest {
  const world = {} as { fake: FakeDiscord; rest: REST; guildId: string; channelId: string };
  beforeAll(async () => {
    world.fake = await createFakeDiscord();
    world.rest = new REST({ api: world.fake.apiUrl, retries: 0 }).setToken(world.fake.botToken);
    world.guildId = world.fake.createGuild({ name: "Arena" }).id;
  });
  beforeEach(() => {
    world.channelId = world.fake.createChannel(world.guildId, { name: channelName }).id;
  });
  afterAll(async () => {
    await world.fake.close();
  });
  return world;
}
