// A server that removes the bot while no instance is connected (docs/architecture.md, "When the bot leaves a
// server"): no GUILD_DELETE ever reaches the bot, so the next connection's READY, which lists every server the
// bot is in, is what tells. The real bot against the fake Discord, restarted on the same database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";

describe("a server that removed the bot while it was stopped", () => {
  let world: EndToEnd;
  let restarted: RunningBot;
  let away = "";
  let stays = "";
  let otherShard = "";

  beforeAll(async () => {
    world = await startEndToEnd();
    // The instance that comes back runs shard 0 of 2: a server on shard 1 is not in its READY, yet the bot
    // is still there, and it must not be taken for a removal.
    const guilds = [
      world.discord.createGuild({ name: "Away", channels: ["feed"], shard: [0, 2] }),
      world.discord.createGuild({ name: "Stays", channels: ["feed"], shard: [0, 2] }),
      world.discord.createGuild({ name: "Other shard", channels: ["feed"], shard: [1, 2] }),
    ];
    [away, stays, otherShard] = guilds.map((guild) => guild.id) as [string, string, string];
    for (const guild of guilds) {
      await createSubscription(world.bot.deps.db, {
        guildId: guild.id,
        channelId: [...guild.channels.keys()][0] ?? "",
        eventKinds: ["battle.completed"],
        filters: {},
        createdBy: world.members.admin.id,
        now: Date.now(),
      });
    }
    await world.bot.stop();
    world.discord.removeBotFromGuild(away);
    restarted = await world.startAnotherBot({ SHARD_COUNT: "2", SHARD_IDS: "0" });
  }, 30_000);

  afterAll(async () => {
    await world.close();
  });

  it("is recorded as removed once its shard's next READY leaves it out, and no other server is, on any shard", async () => {
    await expect.poll(() => findGuildRemoval(restarted.deps.db, away), { timeout: 10_000 }).toBeDefined();
    expect(await findGuildRemoval(restarted.deps.db, stays)).toBeUndefined();
    expect(await findGuildRemoval(restarted.deps.db, otherShard)).toBeUndefined();
    expect(await findGuildRemoval(restarted.deps.db, world.guildId)).toBeUndefined();
  });

  it("resumes when the bot is added back", async () => {
    world.discord.addBotBackToGuild(away);
    await expect.poll(() => findGuildRemoval(restarted.deps.db, away), { timeout: 10_000 }).toBeUndefined();
  });
});
