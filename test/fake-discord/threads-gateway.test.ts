import {
  ChannelType,
  GatewayIntentBits,
  type AnyThreadChannel,
  type Client,
  type Message,
  type TextChannel,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";

/** Resolves with the first `threadUpdate` whose new thread `matches`. */
function nextThreadUpdate(client: Client, matches: (thread: AnyThreadChannel) => boolean) {
  return new Promise<AnyThreadChannel>((resolve) => {
    const listener = (_old: AnyThreadChannel, thread: AnyThreadChannel) => {
      if (!matches(thread)) return;
      client.off("threadUpdate", listener);
      resolve(thread);
    };
    client.on("threadUpdate", listener);
  });
}

describe("thread events from the fake Discord to a real discord.js client", () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let channel: TextChannel;
  let thread: AnyThreadChannel;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    const guildId = fake.createGuild({ name: "Arena" }).id;
    const channelId = fake.createChannel(guildId, { name: "battles" }).id;
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
    client = await connectClient(fake, {
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    });
    channel = client.channels.cache.get(channelId) as TextChannel;
  });

  afterAll(async () => {
    await client.destroy();
    await fake.close();
  });

  it("sees a thread it starts from a message arrive as THREAD_CREATE, newly created", async () => {
    const created = new Promise<[AnyThreadChannel, boolean]>((resolve) =>
      client.once("threadCreate", (each, newlyCreated) => {
        resolve([each, newlyCreated]);
      }),
    );
    const message = await channel.send("Battle #1 is open");
    thread = await message.startThread({ name: "Battle #1" });
    const [arrived, newlyCreated] = await created;
    expect(arrived.id).toBe(message.id);
    expect(arrived.type).toBe(ChannelType.PublicThread);
    expect(arrived.parentId).toBe(channel.id);
    expect(newlyCreated).toBe(true);
  });

  it("sees its post in the thread as MESSAGE_CREATE with the thread's channel id", async () => {
    const arrived = new Promise<Message>((resolve) => client.once("messageCreate", resolve));
    const sent = await thread.send("Round 1 results");
    const message = await arrived;
    expect(message.id).toBe(sent.id);
    expect(message.channelId).toBe(thread.id);
    expect(message.content).toBe("Round 1 results");
  });

  it("sees a moderator archive and lock the thread as THREAD_UPDATE, and its post then refused", async () => {
    const updated = nextThreadUpdate(client, (each) => each.id === thread.id && each.archived === true);
    fake.threads.setArchived(thread.id, true, { locked: true });
    const archived = await updated;
    expect(archived.locked).toBe(true);
    await expect(thread.send("Anyone?")).rejects.toMatchObject({ code: 160005 });
  });

  it("sees a thread unarchived by its own post as THREAD_UPDATE", async () => {
    fake.threads.setArchived(thread.id, true, { locked: false });
    const reopened = nextThreadUpdate(client, (each) => each.id === thread.id && each.archived === false);
    await thread.send("Round 2 results");
    expect((await reopened).archived).toBe(false);
    expect(fake.threads.messages(thread.id).map((message) => message.content)).toEqual([
      "Round 1 results",
      "Round 2 results",
    ]);
  });

  it("sees a thread deleted by hand as THREAD_DELETE, not CHANNEL_DELETE", async () => {
    const deleted = new Promise<AnyThreadChannel>((resolve) => client.once("threadDelete", resolve));
    fake.deleteChannel(thread.id);
    expect((await deleted).id).toBe(thread.id);
    expect(client.channels.cache.has(thread.id)).toBe(false);
    expect(client.channels.cache.has(channel.id)).toBe(true);
  });
});
