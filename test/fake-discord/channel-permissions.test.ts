import { REST } from "@discordjs/rest";
import {
  OverwriteType,
  PermissionFlagsBits,
  Routes,
  type APIMessage,
  type APIThreadChannel,
  type Client,
  type NonThreadGuildBasedChannel,
} from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";

const missingAccess = { status: 403, code: 50001 };
const missingPermissions = { status: 403, code: 50013 };

// Discord's documentation, Topics, Permissions, "Permission Overwrites": @everyone's guild permissions and the
// member's roles', then the channel's @everyone overwrite, its role overwrites, its member overwrite.
describe("the bot's permissions in a channel on the fake Discord: roles and overwrites", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;
  let channelId: string;
  let botRoleId: string;

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    channelId = fake.createChannel(guildId, { name: "battles" }).id;
    botRoleId = fake.roles.botRole(guildId).id;
  });

  afterEach(async () => {
    await fake.close();
  });

  const post = async (content = "Battle #1 is open") =>
    (await rest.post(Routes.channelMessages(channelId), { body: { content } })) as APIMessage;

  it("answers 50013 when neither @everyone nor the bot's role grants Send Messages", async () => {
    fake.roles.setPermissions(guildId, guildId, ["ViewChannel", "ReadMessageHistory"]);
    fake.roles.revokeFromBot(guildId, ["SendMessages"]);
    await expect(post()).rejects.toMatchObject(missingPermissions);
    fake.roles.grantBot(guildId, ["SendMessages"]);
    expect(await post()).toMatchObject({ channel_id: channelId });
  });

  it("answers 50013 when an @everyone or a role overwrite denies Send Messages", async () => {
    fake.setChannelOverwrite(channelId, { id: guildId, type: OverwriteType.Role, deny: ["SendMessages"] });
    // The bot's role grants Send Messages at guild level, but @everyone's overwrite comes after roles.
    await expect(post()).rejects.toMatchObject(missingPermissions);
    fake.deleteChannelOverwrite(channelId, guildId);
    fake.setChannelOverwrite(channelId, { id: botRoleId, type: OverwriteType.Role, deny: ["SendMessages"] });
    await expect(post()).rejects.toMatchObject(missingPermissions);
    expect(fake.messages(channelId)).toEqual([]);
  });

  it("answers 50001 when View Channel is denied, as in a private channel, Send Messages or not", async () => {
    fake.setChannelOverwrite(channelId, {
      id: guildId,
      type: OverwriteType.Role,
      deny: ["ViewChannel"],
      allow: ["SendMessages"],
    });
    await expect(post()).rejects.toMatchObject(missingAccess);
    await expect(rest.get(Routes.channelMessages(channelId))).rejects.toMatchObject(missingAccess);
    await expect(rest.get(Routes.channel(channelId))).rejects.toMatchObject(missingAccess);
  });

  it("lets a role overwrite's allow win over @everyone's deny and over another role's deny", async () => {
    const staff = fake.roles.create(guildId, { name: "Staff", position: 1 });
    fake.roles.giveMember(guildId, fake.botUser.id, staff.id);
    fake.setChannelOverwrite(channelId, {
      id: guildId,
      type: OverwriteType.Role,
      deny: ["ViewChannel", "SendMessages"],
    });
    fake.setChannelOverwrite(channelId, { id: staff.id, type: OverwriteType.Role, deny: ["SendMessages"] });
    await expect(post()).rejects.toMatchObject(missingAccess);
    // Role overwrites combine: every deny, then every allow, whatever the roles' positions.
    fake.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      allow: ["ViewChannel", "SendMessages"],
    });
    expect(await post()).toMatchObject({ channel_id: channelId });
  });

  it("lets the bot's member overwrite re-grant what its roles' overwrites deny", async () => {
    fake.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      deny: ["ViewChannel", "SendMessages"],
    });
    await expect(post()).rejects.toMatchObject(missingAccess);
    fake.setChannelOverwrite(channelId, {
      id: fake.botUser.id,
      type: OverwriteType.Member,
      allow: ["ViewChannel", "SendMessages"],
    });
    expect(await post()).toMatchObject({ channel_id: channelId });
    // An overwrite for another member, or a role the bot lacks, changes nothing for the bot.
    const alice = fake.createMember(guildId, { username: "alice" });
    const gold = fake.roles.create(guildId, { name: "Gold", position: 1 });
    fake.setChannelOverwrite(channelId, { id: alice.id, type: OverwriteType.Member, deny: ["SendMessages"] });
    fake.setChannelOverwrite(channelId, { id: gold.id, type: OverwriteType.Role, deny: ["SendMessages"] });
    expect(await post("Battle #2 is open")).toMatchObject({ channel_id: channelId });
  });

  it("ignores every overwrite for a bot with Administrator", async () => {
    fake.setChannelOverwrite(channelId, {
      id: fake.botUser.id,
      type: OverwriteType.Member,
      deny: ["ViewChannel", "SendMessages"],
    });
    fake.roles.grantBot(guildId, ["Administrator"]);
    expect(await post()).toMatchObject({ channel_id: channelId });
  });

  it("keeps denyChannelAccess and restoreChannelAccess as the bot's own member overwrite", async () => {
    fake.denyChannelAccess(channelId);
    await expect(post()).rejects.toMatchObject(missingAccess);
    fake.denyChannelAccess(channelId, "missing-permissions");
    await expect(post()).rejects.toMatchObject(missingPermissions);
    const channel = fake
      .guilds()
      .find((guild) => guild.id === guildId)
      ?.channels.get(channelId);
    expect(channel?.permissionOverwrites).toEqual([
      {
        id: fake.botUser.id,
        type: OverwriteType.Member,
        allow: PermissionFlagsBits.ViewChannel,
        deny: PermissionFlagsBits.SendMessages,
      },
    ]);
    fake.restoreChannelAccess(channelId);
    expect(await post()).toMatchObject({ channel_id: channelId });
  });

  it("returns no messages without Read Message History, and refuses one message with 50013", async () => {
    const sent = await post();
    fake.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      deny: ["ReadMessageHistory"],
    });
    expect(await rest.get(Routes.channelMessages(channelId))).toEqual([]);
    await expect(rest.get(Routes.channelMessage(channelId, sent.id))).rejects.toMatchObject(
      missingPermissions,
    );
    fake.deleteChannelOverwrite(channelId, botRoleId);
    expect(await rest.get(Routes.channelMessages(channelId))).toMatchObject([{ id: sent.id }]);
  });

  it("judges a thread by its parent channel's overwrites", async () => {
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
    const thread = (await rest.post(Routes.threads(channelId, (await post()).id), {
      body: { name: "Battle #1" },
    })) as APIThreadChannel;
    fake.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      deny: ["SendMessagesInThreads"],
    });
    const inThread = rest.post(Routes.channelMessages(thread.id), { body: { content: "Round 1" } });
    await expect(inThread).rejects.toMatchObject(missingPermissions);
    fake.setChannelOverwrite(channelId, { id: botRoleId, type: OverwriteType.Role, deny: ["ViewChannel"] });
    const hidden = rest.post(Routes.channelMessages(thread.id), { body: { content: "Round 1" } });
    await expect(hidden).rejects.toMatchObject(missingAccess);
    expect(() => {
      fake.setChannelOverwrite(thread.id, { id: guildId, type: OverwriteType.Role, deny: ["ViewChannel"] });
    }).toThrow(/parent channel's overwrites/);
  });
});

describe("channel overwrites reaching a real discord.js client", () => {
  let fake: FakeDiscord;
  let client: Client<true> | undefined;

  beforeEach(async () => {
    fake = await createFakeDiscord();
  });

  afterEach(async () => {
    await client?.destroy();
    await fake.close();
  });

  it("sends CHANNEL_UPDATE, and discord.js computes the permissions the fake enforces", async () => {
    const guildId = fake.createGuild({ name: "Arena" }).id;
    const channelId = fake.createChannel(guildId, { name: "battles" }).id;
    client = await connectClient(fake);
    const connected = client;
    const updated = new Promise<NonThreadGuildBasedChannel>((resolve) => {
      connected.once("channelUpdate", (_old, channel) => {
        resolve(channel as NonThreadGuildBasedChannel);
      });
    });
    fake.denyChannelAccess(channelId, "missing-permissions");
    const channel = await updated;
    const permissions = channel.permissionsFor(connected.user.id);
    expect(permissions?.has("ViewChannel")).toBe(true);
    expect(permissions?.has("SendMessages")).toBe(false);
    await expect(
      connected.rest.post(Routes.channelMessages(channelId), { body: { content: "hi" } }),
    ).rejects.toMatchObject(missingPermissions);
  });
});
