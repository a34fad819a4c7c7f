// A server that removes the bot in HTTP interactions mode (docs/architecture.md, "When the bot leaves a
// server"), end to end: no gateway says so, so the bot reads its whole server list from the fake Discord
// (GET /users/@me/guilds, 200 a page) every GUILD_LIST_CHECK_SECONDS. A server set up here that the list
// leaves out is recorded as removed, its posts stop, and it resumes once listed again; a set-up server on a
// later page of the list is never taken for a removal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import { saveAdminChannel } from "../../src/store/guild-settings.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";

describe("a server that removes the bot, in HTTP interactions mode, end to end", () => {
  let world: EndToEnd;
  let lateGuild: string;
  const removalOf = (guildId: string) => findGuildRemoval(world.bot.deps.db, guildId);

  beforeAll(async () => {
    world = await startEndToEnd({ interactionsMode: "http", env: { GUILD_LIST_CHECK_SECONDS: "1" } });
    // 450 more servers put the last one on the list's third page.
    for (let index = 0; index < 450; index += 1)
      world.discord.createGuild({ name: `Other ${String(index)}` });
    lateGuild = world.discord.createGuild({ name: "Late" }).id;
    const late = world.discord.createChannel(lateGuild, { name: "admins" }).id;
    const now = Date.now();
    await saveAdminChannel(world.bot.deps.db, {
      guildId: world.guildId,
      adminChannelId: world.channelId,
      now,
    });
    await saveAdminChannel(world.bot.deps.db, { guildId: lateGuild, adminChannelId: late, now });
  }, 60_000);
  afterAll(async () => {
    await world.close();
  });

  it("records a removal the server list shows, clears it when the bot is back, and keeps servers on later pages", async () => {
    world.discord.removeBotFromGuild(world.guildId);
    await expect.poll(() => removalOf(world.guildId), { timeout: 20_000 }).toBeDefined();
    expect(world.logs()).toContain("a server set up here is not in the bot's server list: the bot left it");

    world.discord.addBotBackToGuild(world.guildId);
    await expect.poll(() => removalOf(world.guildId), { timeout: 20_000 }).toBeUndefined();
    // Two whole passes have read every page by now: the server on the third page was never missing.
    expect(await removalOf(lateGuild)).toBeUndefined();

    // Slash commands still answer over HTTP meanwhile.
    const reply = await world.discord
      .runCommand({
        guildId: world.guildId,
        channelId: world.channelId,
        userId: world.members.alice.id,
        name: "whoami",
      })
      .waitForFinal();
    expect(reply.content).toContain("link");
  }, 60_000);

  it("records a removal from a server on a later page of the list", async () => {
    world.discord.removeBotFromGuild(lateGuild);
    await expect.poll(() => removalOf(lateGuild), { timeout: 20_000 }).toBeDefined();
    expect(await removalOf(world.guildId)).toBeUndefined();
  }, 60_000);
});
