// A server that removes the bot while no instance is connected (docs/architecture.md, "When the bot leaves a
// server"): no GUILD_DELETE ever reaches the bot, so the next connection's READY, which lists every server the
// bot is in, is what tells. The real bot against the fake Discord, restarted on the same database.
import { afterEach, describe, expect, it } from "vitest";
import type { RunningBot } from "../../src/bot/build-bot.js";
import { findGuildRemoval } from "../../src/store/guild-removals.js";
import { createSubscription } from "../../src/store/subscriptions.js";
import { startEndToEnd, type EndToEnd } from "./harness.js";

describe("servers that removed the bot while it was stopped", () => {
  let world: EndToEnd | undefined;

  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  /** Servers with a subscription each, on the given shards of 2; the bot is then stopped. */
  async function setUpAndStop(shards: readonly number[]): Promise<{ world: EndToEnd; guildIds: string[] }> {
    const started = await startEndToEnd();
    world = started;
    const guildIds: string[] = [];
    for (const [index, shard] of shards.entries()) {
      const guild = started.discord.createGuild({
        name: `Server ${String(index)}`,
        channels: ["feed"],
        shard: [shard, 2],
      });
      await createSubscription(started.bot.deps.db, {
        guildId: guild.id,
        channelId: [...guild.channels.keys()][0] ?? "",
        eventKinds: ["battle.completed"],
        filters: {},
        createdBy: started.members.admin.id,
        now: Date.now(),
      });
      guildIds.push(guild.id);
    }
    await started.bot.stop();
    return { world: started, guildIds };
  }

  const restartAsShardZero = (started: EndToEnd): Promise<RunningBot> =>
    started.startAnotherBot({ SHARD_COUNT: "2", SHARD_IDS: "0" });

  it("records the one its shard's READY leaves out, and no other, on any shard; adding the bot back clears it", async () => {
    // The instance that comes back runs shard 0 of 2: the server on shard 1 is not in its READY, yet the bot
    // is still there, and it must not be taken for a removal.
    const { world: started, guildIds } = await setUpAndStop([0, 0, 1]);
    const [away = "", stays = "", otherShard = ""] = guildIds;
    started.discord.removeBotFromGuild(away);
    const restarted = await restartAsShardZero(started);

    await expect.poll(() => findGuildRemoval(restarted.deps.db, away), { timeout: 10_000 }).toBeDefined();
    started.discord.addBotBackToGuild(away);
    await expect.poll(() => findGuildRemoval(restarted.deps.db, away), { timeout: 10_000 }).toBeUndefined();
    // Changes apply in the order they came, so READY's are all in by the time the add-back's is.
    for (const kept of [stays, otherShard, started.guildId]) {
      expect(await findGuildRemoval(restarted.deps.db, kept)).toBeUndefined();
    }
  });

  it("records none when most of a shard's servers are missing at once, and says why", async () => {
    const { world: started, guildIds } = await setUpAndStop([0, 0, 0, 0, 0]);
    for (const guildId of guildIds.slice(0, 4)) started.discord.removeBotFromGuild(guildId);
    const restarted = await restartAsShardZero(started);

    await expect
      .poll(() => started.logs().includes("most servers set up here are not in READY"), { timeout: 10_000 })
      .toBe(true);
    for (const guildId of guildIds)
      expect(await findGuildRemoval(restarted.deps.db, guildId)).toBeUndefined();
  });
});
