// The permissions an interaction carries on the fake Discord, as Discord computes them (docs: Interaction
// Object, Guild Member Object and Channel Object, `permissions`): the invoking member's in the interaction's
// channel and a resolved channel's, each with that channel's overwrites, a thread by its parent's; the bot's
// own in `app_permissions`, the interaction's and each resolved channel's.
import { REST } from "@discordjs/rest";
import {
  OverwriteType,
  PermissionFlagsBits,
  Routes,
  type APIMessage,
  type APIThreadChannel,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { createArenaGuild } from "./arena-guild.js";

describe("the permissions an interaction carries on the fake Discord", () => {
  let fake: FakeDiscord;
  let guildId: string;
  let channelId: string;
  let userId: string;
  let otherChannelId: string;
  let rest: REST;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    ({ guildId, channelId, userId } = createArenaGuild(fake));
    otherChannelId = fake.createChannel(guildId, { name: "results" }).id;
    const response = await fetch(
      `${fake.apiUrl}/v10/applications/${fake.applicationId}/guilds/${guildId}/commands`,
      {
        method: "PUT",
        headers: { authorization: `Bot ${fake.botToken}`, "content-type": "application/json" },
        body: JSON.stringify([
          {
            name: "subscribe",
            description: "Post results in a channel",
            options: [{ type: 7, name: "channel", description: "Where", required: true }],
          },
        ]),
      },
    );
    expect(response.status).toBe(200);
    fake.setChannelOverwrite(channelId, { id: userId, type: OverwriteType.Member, deny: ["SendMessages"] });
    fake.setChannelOverwrite(otherChannelId, {
      id: userId,
      type: OverwriteType.Member,
      deny: ["AttachFiles"],
    });
    fake.setChannelOverwrite(otherChannelId, { id: guildId, type: OverwriteType.Role, deny: ["EmbedLinks"] });
  });

  afterAll(async () => {
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await fake.close();
  });

  const has = (permissions: unknown, bit: bigint) => (BigInt(String(permissions)) & bit) === bit;

  function subscribe(inChannel: string, options = { channel: otherChannelId }) {
    return fake.runCommand({ guildId, channelId: inChannel, userId, name: "subscribe", options }).payload as {
      member: { permissions: string };
      channel: { permissions: string };
      app_permissions: string;
      data: { resolved: { channels: Record<string, { permissions: string; app_permissions?: string }> } };
    };
  }

  it("gives the member's permissions in the channel, its overwrites included, as member and channel carry them", () => {
    const payload = subscribe(channelId);
    expect(has(payload.member.permissions, PermissionFlagsBits.SendMessages)).toBe(false);
    expect(has(payload.channel.permissions, PermissionFlagsBits.SendMessages)).toBe(false);
    expect(has(payload.member.permissions, PermissionFlagsBits.ViewChannel)).toBe(true);
    // The bot is not the member the overwrite names.
    expect(has(payload.app_permissions, PermissionFlagsBits.SendMessages)).toBe(true);
  });

  it("gives a resolved channel the invoking member's permissions there, not the bot's", () => {
    const resolved = subscribe(channelId).data.resolved.channels[otherChannelId];
    expect(has(resolved?.permissions, PermissionFlagsBits.AttachFiles)).toBe(false);
    expect(has(resolved?.permissions, PermissionFlagsBits.EmbedLinks)).toBe(false);
    expect(has(resolved?.permissions, PermissionFlagsBits.SendMessages)).toBe(true);
  });

  it("gives a resolved channel nothing of the bot's permissions, as Discord's resolved data carries none", () => {
    fake.setChannelOverwrite(otherChannelId, {
      id: fake.roles.botRole(guildId).id,
      type: OverwriteType.Role,
      deny: ["SendMessages"],
    });
    const resolved = subscribe(channelId).data.resolved.channels[otherChannelId];
    fake.deleteChannelOverwrite(otherChannelId, fake.roles.botRole(guildId).id);
    expect(resolved).not.toHaveProperty("app_permissions");
    // The bot's overwrite there is not the member's.
    expect(has(resolved?.permissions, PermissionFlagsBits.SendMessages)).toBe(true);
  });

  it("judges a thread by its parent channel's overwrites", async () => {
    fake.roles.grantBot(guildId, ["CreatePublicThreads"]);
    const card = (await rest.post(Routes.channelMessages(otherChannelId), {
      body: { content: "Battle #1" },
    })) as APIMessage;
    const thread = (await rest.post(Routes.threads(otherChannelId, card.id), {
      body: { name: "Battle #1" },
    })) as APIThreadChannel;
    const payload = subscribe(thread.id);
    expect(has(payload.member.permissions, PermissionFlagsBits.AttachFiles)).toBe(false);
    expect(has(payload.member.permissions, PermissionFlagsBits.EmbedLinks)).toBe(false);
    expect(has(payload.member.permissions, PermissionFlagsBits.SendMessages)).toBe(true);
  });
});
