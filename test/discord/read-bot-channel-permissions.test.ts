// The bot's permissions in a channel read over REST from the fake Discord and computed as Discord does
// (src/discord/read-bot-channel-permissions.ts, channel-permissions.ts), as an admin changes the roles and the
// channel's overwrites by hand.
import { REST } from "@discordjs/rest";
import { OverwriteType, PermissionFlagsBits } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { readBotChannelPermissions } from "../../src/discord/read-bot-channel-permissions.js";

const { ViewChannel, SendMessages, EmbedLinks, AttachFiles } = PermissionFlagsBits;

describe("reading the bot's permissions in a channel over REST", () => {
  let fake: FakeDiscord;
  let rest: REST;
  let guildId: string;
  let channelId: string;
  let botRoleId: string;
  const read = () => readBotChannelPermissions(rest, { guildId, channelId, botUserId: fake.botUser.id });
  const holds = async (bits: bigint) => {
    const permissions = await read();
    return typeof permissions === "bigint" && (permissions & bits) === bits;
  };

  beforeEach(async () => {
    fake = await createFakeDiscord();
    rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    guildId = fake.createGuild({ name: "Arena" }).id;
    channelId = fake.createChannel(guildId, { name: "results" }).id;
    botRoleId = fake.roles.botRole(guildId).id;
  });
  afterEach(async () => {
    await fake.close();
  });

  it("takes the roles' permissions, then @everyone's, the roles' and the bot's own overwrites in turn", async () => {
    expect(await holds(ViewChannel | SendMessages | EmbedLinks)).toBe(true);
    fake.setChannelOverwrite(channelId, {
      id: guildId,
      type: OverwriteType.Role,
      deny: ["ViewChannel", "SendMessages", "EmbedLinks"],
    });
    expect(await holds(ViewChannel)).toBe(false);
    // A role's allow wins over @everyone's deny; the bot's own overwrite comes last.
    fake.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      allow: ["ViewChannel", "SendMessages", "EmbedLinks"],
    });
    fake.setChannelOverwrite(channelId, {
      id: fake.botUser.id,
      type: OverwriteType.Member,
      deny: ["EmbedLinks"],
    });
    expect(await holds(ViewChannel | SendMessages)).toBe(true);
    expect(await holds(EmbedLinks)).toBe(false);
    expect(await holds(AttachFiles)).toBe(true);
  });

  it("gives Administrator every permission whatever the overwrites", async () => {
    fake.denyChannelAccess(channelId, "missing-access");
    fake.roles.grantBot(guildId, ["Administrator"]);
    expect(await holds(ViewChannel | SendMessages | EmbedLinks)).toBe(true);
  });

  it("reads a channel hidden from the bot (50001) as lacking View Channel, and a deleted one as unknown", async () => {
    fake.denyChannelAccess(channelId, "missing-access");
    expect(await holds(ViewChannel)).toBe(false);
    expect(await holds(SendMessages)).toBe(true);
    fake.deleteChannel(channelId);
    expect(await read()).toBe("unknown-channel");
  });
});
