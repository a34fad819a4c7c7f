import { REST } from "@discordjs/rest";
import { ChannelType, Routes, type APIMessage, type APIThreadChannel } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

const missingPermissions = { status: 403, code: 50013 };

describe("threads on the fake Discord, as the bot reaches them over REST", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;
  let channelId: string;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    channelId = fake.createChannel(guildId, { name: "battles" }).id;
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
  });

  afterEach(async () => {
    await fake.close();
  });

  const post = async (inChannel: string, content: string) =>
    (await rest.post(Routes.channelMessages(inChannel), { body: { content } })) as APIMessage;
  const startThread = async (messageId: string, name = "Battle #1") =>
    (await rest.post(Routes.threads(channelId, messageId), { body: { name } })) as APIThreadChannel;

  it("starts a public thread from a message, sharing its id, under the channel, owned by the bot", async () => {
    const message = await post(channelId, "Battle #1 is open");
    const thread = await startThread(message.id);
    expect(thread).toMatchObject({
      id: message.id,
      type: ChannelType.PublicThread,
      parent_id: channelId,
      owner_id: fake.applicationId,
      name: "Battle #1",
      thread_metadata: { archived: false, locked: false, auto_archive_duration: 1440 },
    });
    expect(((await rest.get(Routes.channel(thread.id))) as APIThreadChannel).type).toBe(
      ChannelType.PublicThread,
    );
    expect(fake.threads.ofMessage(message.id)?.name).toBe("Battle #1");
    expect(fake.threads.list(guildId).map((each) => each.id)).toEqual([thread.id]);
  });

  it("answers 160004 to a second thread from the same message", async () => {
    const message = await post(channelId, "Battle #2 is open");
    await startThread(message.id);
    await expect(startThread(message.id, "again")).rejects.toMatchObject({
      status: 400,
      code: 160004,
      rawError: { message: "A thread has already been created for this message" },
    });
    expect(fake.threads.list(guildId)).toHaveLength(1);
  });

  it("answers 50024 to a thread from a message in a thread or in a voice channel's chat, as Discord does", async () => {
    fake.roles.grantBot(guildId, ["SendMessagesInThreads"]);
    const thread = await startThread((await post(channelId, "Battle #3 is open")).id);
    const voiceId = fake.createChannel(guildId, { name: "Voice", type: ChannelType.GuildVoice }).id;
    for (const inChannel of [thread.id, voiceId]) {
      const message = await post(inChannel, "a battle card");
      await expect(
        rest.post(Routes.threads(inChannel, message.id), { body: { name: "Battle #4" } }),
      ).rejects.toMatchObject({ status: 400, code: 50024 });
    }
    expect(fake.threads.list(guildId).map((each) => each.id)).toEqual([thread.id]);
  });

  it("refuses a thread without Create Public Threads, in an unknown or hidden channel, or on an unknown message", async () => {
    const message = await post(channelId, "Battle #3 is open");
    fake.roles.revokeFromBot(guildId, ["CreatePublicThreads"]);
    await expect(startThread(message.id)).rejects.toMatchObject(missingPermissions);
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
    await expect(startThread("1")).rejects.toMatchObject({ status: 404, code: 10008 });
    fake.denyChannelAccess(channelId);
    await expect(startThread(message.id)).rejects.toMatchObject({ status: 403, code: 50001 });
    fake.deleteChannel(channelId);
    await expect(startThread(message.id)).rejects.toMatchObject({ status: 404, code: 10003 });
    expect(fake.threads.list(guildId)).toEqual([]);
  });

  it("posts in a thread by its id and counts the messages there", async () => {
    const thread = await startThread((await post(channelId, "Battle #4")).id);
    const reply = await post(thread.id, "Round 1 results");
    await post(thread.id, "Round 2 results");
    expect(reply.channel_id).toBe(thread.id);
    expect(fake.threads.messages(thread.id).map((message) => message.content)).toEqual([
      "Round 1 results",
      "Round 2 results",
    ]);
    expect(fake.messages(channelId).map((message) => message.content)).toEqual(["Battle #4"]);
    const fetched = (await rest.get(Routes.channel(thread.id))) as APIThreadChannel;
    expect(fetched).toMatchObject({
      message_count: 2,
      total_message_sent: 2,
      last_message_id: expect.any(String),
    });
  });

  it("needs Send Messages in Threads and sight of the parent channel to post in a thread", async () => {
    const thread = await startThread((await post(channelId, "Battle #5")).id);
    fake.roles.revokeFromBot(guildId, ["SendMessagesInThreads"]);
    await expect(post(thread.id, "hello")).rejects.toMatchObject(missingPermissions);
    expect(await post(channelId, "still fine here")).toMatchObject({ channel_id: channelId });
    fake.roles.grantBot(guildId, ["SendMessagesInThreads"]);
    // A thread is seen through its parent channel; an unknown thread is an unknown channel.
    fake.denyChannelAccess(channelId);
    await expect(post(thread.id, "hello")).rejects.toMatchObject({ status: 403, code: 50001 });
    await expect(post("1", "hello")).rejects.toMatchObject({ status: 404, code: 10003 });
    expect(fake.threads.messages(thread.id)).toEqual([]);
  });

  it("unarchives an archived thread when the bot posts, and refuses a locked one without Manage Threads", async () => {
    const thread = await startThread((await post(channelId, "Battle #6")).id);
    fake.threads.setArchived(thread.id, true);
    await post(thread.id, "Back again");
    expect(fake.threads.find(guildId, "Battle #1")?.thread?.archived).toBe(false);
    fake.threads.setArchived(thread.id, true, { locked: true });
    await expect(post(thread.id, "Locked out")).rejects.toMatchObject({ status: 400, code: 160005 });
    expect(fake.threads.find(guildId, "Battle #1")?.thread?.archived).toBe(true);
    fake.roles.grantBot(guildId, ["ManageThreads"]);
    await post(thread.id, "A moderator speaks");
    expect(fake.threads.messages(thread.id).map((message) => message.content)).toEqual([
      "Back again",
      "A moderator speaks",
    ]);
  });

  it("edits its message in an active thread only, and in a locked one only with Manage Threads", async () => {
    const thread = await startThread((await post(channelId, "Battle #8")).id);
    const standings = await post(thread.id, "Standings: none yet");
    const edit = (content: string) =>
      rest.patch(Routes.channelMessage(thread.id, standings.id), { body: { content } });
    fake.threads.setArchived(thread.id, true);
    await expect(edit("Standings: alice 1")).rejects.toMatchObject({ status: 400, code: 50083 });
    fake.threads.setArchived(thread.id, false, { locked: true });
    await expect(edit("Standings: alice 1")).rejects.toMatchObject({ status: 400, code: 160005 });
    fake.roles.grantBot(guildId, ["ManageThreads"]);
    await edit("Standings: alice 1");
    expect(fake.message(standings.id)?.content).toBe("Standings: alice 1");
  });

  it("renames and archives its own thread, but locks one only with Manage Threads", async () => {
    const thread = await startThread((await post(channelId, "Battle #7")).id);
    const renamed = (await rest.patch(Routes.channel(thread.id), {
      body: { name: "Battle #7 (done)" },
    })) as APIThreadChannel;
    expect(renamed.name).toBe("Battle #7 (done)");
    // A thread's name is 1-100 characters: an empty one is refused, at the start as at a rename.
    const another = (await post(channelId, "Battle #8")).id;
    await expect(startThread(another, "")).rejects.toMatchObject({ status: 400, code: 50035 });
    await expect(
      rest.post(Routes.threads(channelId), { body: { name: "", type: ChannelType.PublicThread } }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });
    await expect(rest.patch(Routes.channel(thread.id), { body: { name: "" } })).rejects.toMatchObject({
      status: 400,
      code: 50035,
    });
    expect(fake.threads.list(guildId).find((each) => each.id === thread.id)?.name).toBe("Battle #7 (done)");
    await expect(rest.patch(Routes.channel(thread.id), { body: { locked: true } })).rejects.toMatchObject(
      missingPermissions,
    );
    const archived = (await rest.patch(Routes.channel(thread.id), {
      body: { archived: true },
    })) as APIThreadChannel;
    expect(archived.thread_metadata?.archived).toBe(true);
    // An archived thread takes no change but being unarchived.
    await expect(rest.patch(Routes.channel(thread.id), { body: { name: "x" } })).rejects.toMatchObject({
      status: 400,
      code: 50083,
    });
    const reopened = (await rest.patch(Routes.channel(thread.id), {
      body: { archived: false },
    })) as APIThreadChannel;
    expect(reopened.thread_metadata?.archived).toBe(false);
  });

  it("starts a private thread without a message by default, and lists only active threads", async () => {
    await expect(rest.post(Routes.threads(channelId), { body: { name: "Judges" } })).rejects.toMatchObject(
      missingPermissions,
    );
    fake.roles.grantBot(guildId, ["CreatePrivateThreads"]);
    const judges = (await rest.post(Routes.threads(channelId), {
      body: { name: "Judges" },
    })) as APIThreadChannel;
    const lobby = (await rest.post(Routes.threads(channelId), {
      body: { name: "Lobby", type: ChannelType.PublicThread },
    })) as APIThreadChannel;
    expect([judges.type, lobby.type]).toEqual([ChannelType.PrivateThread, ChannelType.PublicThread]);
    fake.threads.setArchived(judges.id, true);
    const active = (await rest.get(Routes.guildActiveThreads(guildId))) as { threads: APIThreadChannel[] };
    expect(active.threads.map((thread) => thread.name)).toEqual(["Lobby"]);
    const voiceId = fake.createChannel(guildId, { name: "Voice", type: ChannelType.GuildVoice }).id;
    await expect(rest.post(Routes.threads(voiceId), { body: { name: "x", type: 11 } })).rejects.toMatchObject(
      {
        status: 400,
        code: 50024,
      },
    );
  });
});
