// Where the bot's permissions in a named channel come from (src/commands/require-bot-can-post.ts): the
// interaction's `app_permissions` for the channel it was run in, else a read over REST from the fake Discord (a
// channel option's resolved data carries only the member's permissions).
import { REST } from "@discordjs/rest";
import { ChannelType, OverwriteType, PermissionFlagsBits } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { postingNeeds, requireBotCanPost } from "../../src/commands/require-bot-can-post.js";
import type { ChannelArgument } from "../../src/discord/command-arguments.js";
import type { ServerActor } from "../../src/discord/interaction-handlers.js";

const { ViewChannel, SendMessages, EmbedLinks } = PermissionFlagsBits;

describe("reading the bot's permissions in the channel an admin names", () => {
  let fake: FakeDiscord;
  let deps: { rest: REST; applicationId: string };
  let guildId: string;
  let here: string;
  let there: string;
  const actor = (appPermissions: bigint | undefined): ServerActor => ({
    guildId,
    channelId: here,
    userId: "1",
    username: "admin",
    displayName: "admin",
    permissions: PermissionFlagsBits.ManageGuild,
    appPermissions,
    locale: "en-US",
  });
  const named = (id: string): ChannelArgument => ({
    id,
    channel: { id, name: "results", type: ChannelType.GuildText, permissions: "0" },
  });

  beforeEach(async () => {
    fake = await createFakeDiscord();
    deps = {
      rest: new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken),
      applicationId: fake.applicationId,
    };
    guildId = fake.createGuild({ name: "Arena" }).id;
    here = fake.createChannel(guildId, { name: "general" }).id;
    there = fake.createChannel(guildId, { name: "results" }).id;
  });
  afterEach(async () => {
    await fake.close();
  });

  it("takes the interaction's app_permissions for the channel it was run in", async () => {
    const refused = requireBotCanPost(deps, actor(ViewChannel), named(here), postingNeeds.notices);
    await expect(refused).rejects.toThrow(`I can't post in <#${here}>: I lack **Send Messages** there.`);
  });

  it("reads another channel over REST, its overwrites included, and refuses a deleted one", async () => {
    const botRoleId = fake.roles.botRole(guildId).id;
    fake.setChannelOverwrite(there, { id: botRoleId, type: OverwriteType.Role, deny: ["EmbedLinks"] });
    const permissions = await requireBotCanPost(deps, actor(ViewChannel), named(there), postingNeeds.notices);
    expect(permissions & (ViewChannel | SendMessages | EmbedLinks)).toBe(ViewChannel | SendMessages);
    const refused = requireBotCanPost(deps, actor(undefined), named(there), postingNeeds.announcements);
    await expect(refused).rejects.toThrow(`I lack **Embed Links** there.`);
    fake.deleteChannel(there);
    const deleted = requireBotCanPost(deps, actor(undefined), named(there), postingNeeds.notices);
    await expect(deleted).rejects.toMatchObject({ code: "unknown_channel" });
  });

  it("asks Discord before refusing on app_permissions, and says so when the bot is no member", async () => {
    // With no bot in the server, the interaction carries none of the bot's permissions there.
    fake.removeBotFromGuild(guildId);
    const refused = requireBotCanPost(deps, actor(0n), named(here), postingNeeds.notices);
    await expect(refused).rejects.toMatchObject({
      code: "bot_not_in_server",
      message: expect.stringContaining(`I can't post in <#${here}>: the bot isn't a member of this server`),
    });
  });

  it("asks Discord even when app_permissions pass, so an app added with its commands only takes no route", async () => {
    // What @everyone may do by default: the app's permissions there, though no bot user is in the server.
    const everyoneMay = ViewChannel | SendMessages | EmbedLinks;
    await expect(
      requireBotCanPost(deps, actor(everyoneMay), named(here), postingNeeds.announcements),
    ).resolves.toBe(everyoneMay);
    fake.removeBotFromGuild(guildId);
    const refused = requireBotCanPost(deps, actor(everyoneMay), named(here), postingNeeds.announcements);
    await expect(refused).rejects.toMatchObject({
      code: "bot_not_in_server",
      message: expect.stringContaining(`I can't post in <#${here}>: the bot isn't a member of this server`),
    });
  });

  it("says the bot is not in the server when Discord answers its routes Unknown Guild", async () => {
    fake.removeBotFromGuild(guildId);
    const refused = requireBotCanPost(deps, actor(undefined), named(there), postingNeeds.announcements);
    await expect(refused).rejects.toMatchObject({
      code: "bot_not_in_server",
      message: expect.stringContaining(`I can't post in <#${there}>: the bot isn't a member of this server`),
    });
  });
});
