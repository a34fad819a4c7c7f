// docs/architecture.md, "Routing": a channel an admin names for the bot to post in later is checked against
// the bot's permissions there, its roles and the channel's overwrites as Discord computes them, when it is
// named. `/subscribe`, `/setup admin-channel` and `/setup reminders set` refuse one the bot cannot post in,
// naming the channel and what to grant, and change nothing; a route that would use threads where the bot
// cannot is taken, with a note. The real bot against the fake Discord.
import { OverwriteType } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGuildSettings } from "../../src/store/guild-settings.js";
import { findReminderSettings } from "../../src/store/reminder-settings.js";
import { listGuildSubscriptions } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";
import { linkMember } from "./link-member.js";
import { ephemeral } from "./support/message-parts.js";
import { adminCommands } from "./support/member-commands.js";

describe("channels the bot cannot post in, refused when an admin names them", () => {
  let world: EndToEnd;
  let botRoleId: string;
  const run = adminCommands(() => world);
  const subscribe = (options: Record<string, string | boolean>) => run("subscribe", { options });
  const routes = () => listGuildSubscriptions(world.bot.deps.db, world.guildId);
  const routeOf = async (channelId: string) =>
    (await routes()).find((route) => route.channelId === channelId);

  beforeAll(async () => {
    world = await startEndToEnd();
    botRoleId = world.discord.roles.botRole(world.guildId).id;
    const keys = world.sandbox.keys.filter((key) => key.level !== "read");
    await linkMember(world, world.members.admin.id, keys[0]?.key ?? "");
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("refuses /subscribe in a channel whose overwrite denies the bot's role Send Messages, changing nothing", async () => {
    const channelId = world.discord.createChannel(world.guildId, { name: "quiet" }).id;
    world.discord.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      deny: ["SendMessages"],
    });
    const reply = await subscribe({ channel: channelId });
    expect(reply.flags & ephemeral).toBe(ephemeral);
    expect(reply.content).toBe(
      `I can't post in <#${channelId}>: I lack **Send Messages** there. Grant it to me (or my role) in the ` +
        "channel's permissions, then run this again. Nothing was changed.",
    );
    expect(await routeOf(channelId)).toBeUndefined();
  });

  it("refuses a private channel the bot is not let into for View Channel, all it can tell of one it cannot see", async () => {
    const channelId = world.discord.createChannel(world.guildId, { name: "staff" }).id;
    world.discord.setChannelOverwrite(channelId, {
      id: world.guildId,
      type: OverwriteType.Role,
      deny: ["ViewChannel", "EmbedLinks"],
    });
    const reply = await subscribe({ channel: channelId, events: "team.*" });
    expect(reply.content).toMatch(
      new RegExp(`^I can't post in <#${channelId}>: I lack \\*\\*View Channel\\*\\* there\\.`),
    );
    expect(await routeOf(channelId)).toBeUndefined();
  });

  it("refuses the channel the command was run in when the bot cannot post there", async () => {
    world.discord.setChannelOverwrite(world.channelId, {
      id: world.discord.botUser.id,
      type: OverwriteType.Member,
      deny: ["EmbedLinks"],
    });
    const reply = await subscribe({ channel: world.channelId });
    world.discord.deleteChannelOverwrite(world.channelId, world.discord.botUser.id);
    expect(reply.content).toMatch(
      new RegExp(`^I can't post in <#${world.channelId}>: I lack \\*\\*Embed Links\\*\\*`),
    );
    expect(await routeOf(world.channelId)).toBeUndefined();
  });

  it("subscribes a private channel whose overwrite lets the bot's role in, threads noted while it cannot use them", async () => {
    const channelId = world.discord.createChannel(world.guildId, { name: "results" }).id;
    world.discord.setChannelOverwrite(channelId, {
      id: world.guildId,
      type: OverwriteType.Role,
      deny: ["ViewChannel", "SendMessages"],
    });
    world.discord.setChannelOverwrite(channelId, {
      id: botRoleId,
      type: OverwriteType.Role,
      allow: ["ViewChannel", "SendMessages"],
    });
    const reply = await subscribe({ channel: channelId });
    expect(reply.content).toContain(`Subscribed <#${channelId}>.`);
    expect(reply.content).toContain(
      `⚠️ I lack **Create Public Threads** in <#${channelId}>, so battle and tournament updates will be ` +
        "posted in the channel rather than in threads",
    );
    expect(await routeOf(channelId)).toMatchObject({ status: "active" });

    const inChannel = await subscribe({ channel: channelId, "battle-updates": "channel" });
    expect(inChannel.content).not.toContain("Create Public Threads");
    world.discord.roles.grantBot(world.guildId, ["CreatePublicThreads"]);
    const again = await subscribe({ channel: channelId, "battle-updates": "thread" });
    world.discord.roles.revokeFromBot(world.guildId, ["CreatePublicThreads"]);
    expect(again.content).not.toContain("⚠️");
    expect(await routeOf(channelId)).toMatchObject({ status: "active", filters: {} });
  });

  it("refuses /setup admin-channel where the bot cannot see the channel, and keeps the one set", async () => {
    const channelId = world.discord.createChannel(world.guildId, { name: "mods" }).id;
    world.discord.denyChannelAccess(channelId, "missing-access");
    const before = (await findGuildSettings(world.bot.deps.db, world.guildId))?.adminChannelId ?? null;
    const reply = await run("setup", { subcommand: "admin-channel", options: { channel: channelId } });
    expect(reply.content).toMatch(
      new RegExp(`^I can't post in <#${channelId}>: I lack \\*\\*View Channel\\*\\* there\\.`),
    );
    expect((await findGuildSettings(world.bot.deps.db, world.guildId))?.adminChannelId ?? null).toBe(before);
  });

  it("refuses /setup reminders set where an overwrite denies the bot Send Messages", async () => {
    const channelId = world.discord.createChannel(world.guildId, { name: "contests" }).id;
    world.discord.denyChannelAccess(channelId, "missing-permissions");
    const reply = await run("setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: channelId, before: "10m" },
    });
    expect(reply.content).toMatch(
      new RegExp(`^I can't post in <#${channelId}>: I lack \\*\\*Send Messages\\*\\* there\\.`),
    );
    expect(await findReminderSettings(world.bot.deps.db, world.guildId)).toBeUndefined();

    world.discord.restoreChannelAccess(channelId);
    const set = await run("setup", {
      subcommandGroup: "reminders",
      subcommand: "set",
      options: { channel: channelId, before: "10m" },
    });
    expect(set.content).toContain(`Tournament reminders are on: in <#${channelId}>`);
    expect(set.content).toContain(`⚠️ I lack **Create Public Threads** in <#${channelId}>`);
  });
});
