import type { Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, shardForGuild, type FakeDiscord } from "../../src/fake-discord/index.js";
import { connectClient } from "./connect-client.js";

describe("a fake Discord gateway split over two shards in two clients", () => {
  const clock = new ManualClock(Date.now());
  let fake: FakeDiscord;
  const clients: Client<true>[] = [];
  const guildIds: string[] = [];

  beforeAll(async () => {
    fake = await createFakeDiscord({ clock });
    // Guild ids a millisecond apart land on alternating shards: (id >> 22) % 2.
    for (let index = 0; index < 4; index += 1) {
      clock.advance(1);
      guildIds.push(fake.createGuild({ name: `Guild ${index}`, channels: ["general"] }).id);
    }
    for (const shard of [0, 1]) clients.push(await connectClient(fake, { shards: [shard], shardCount: 2 }));
    await clients[0]!.application.commands.set([{ name: "ping", description: "Ping" }]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.destroy()));
    await fake.close();
  });

  it("sends each client only the guilds of its shard", () => {
    for (const [shard, client] of clients.entries()) {
      const expected = guildIds.filter((id) => shardForGuild(id, 2) === shard).sort();
      expect([...client.guilds.cache.keys()].sort()).toEqual(expected);
    }
    expect(new Set(guildIds.map((id) => shardForGuild(id, 2)))).toEqual(new Set([0, 1]));
  });

  it("routes an interaction to the client serving the guild's shard", async () => {
    for (const guildId of guildIds) {
      const shard = shardForGuild(guildId, 2);
      const receiver = clients[shard]!;
      const answered = new Promise<void>((resolve) => {
        receiver.once("interactionCreate", (interaction) => {
          if (interaction.isChatInputCommand())
            void interaction.reply(`pong from shard ${shard}`).then(() => {
              resolve();
            });
        });
      });
      const player = fake.createMember(guildId, { username: "player" });
      const channelId = [...receiver.guilds.cache.get(guildId)!.channels.cache.keys()][0]!;
      const handle = fake.runCommand({ guildId, channelId, userId: player.id, name: "ping" });
      expect((await handle.waitForFinal()).content).toBe(`pong from shard ${shard}`);
      await answered;
    }
  });
});
