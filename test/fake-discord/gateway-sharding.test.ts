import type { Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, shardForGuild, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";
import { RawGateway } from "./raw-gateway.js";

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

describe("guild changes after READY on a fake Discord split over two raw shard sessions", () => {
  const clock = new ManualClock(Date.now());
  let fake: FakeDiscord;
  const sessions: RawGateway[] = [];

  beforeAll(async () => {
    fake = await createFakeDiscord({ clock });
    for (const shardId of [0, 1]) {
      const gateway = new RawGateway(`${fake.gatewayUrl}?v=10&encoding=json`);
      await gateway.next((frame) => frame.op === 10);
      gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {}, shard: [shardId, 2] } });
      await gateway.next((frame) => frame.t === "READY");
      sessions.push(gateway);
    }
  });

  afterAll(async () => {
    for (const session of sessions) session.close();
    await fake.close();
  });

  /** Ids of the guilds a session got GUILD_CREATE or CHANNEL_CREATE for. */
  const guildsSeenBy = (session: RawGateway, type: string) =>
    session.frames
      .filter((frame) => frame.t === type)
      .map((frame) => {
        const data = frame.d as { id: string; guild_id?: string };
        return data.guild_id ?? data.id;
      });

  it("sends a new guild and its channels only to the session of the guild's shard", async () => {
    const guildIds: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      clock.advance(1);
      const guild = fake.createGuild({ name: `Joined ${index}` });
      fake.createChannel(guild.id, { name: "news" });
      guildIds.push(guild.id);
    }
    expect(guildIds.map((id) => shardForGuild(id, 2)).sort()).toEqual([0, 1]);
    // Each session's frames arrive in order, so once both saw their own guild's channel, any frame about
    // the other shard's guild would already be there.
    for (const guildId of guildIds) {
      const owner = sessions[shardForGuild(guildId, 2)]!;
      await owner.next((frame) => frame.t === "CHANNEL_CREATE" && JSON.stringify(frame.d).includes(guildId));
    }
    for (const [shardId, session] of sessions.entries()) {
      const own = guildIds.filter((id) => shardForGuild(id, 2) === shardId);
      expect(guildsSeenBy(session, "CHANNEL_CREATE")).toEqual(own);
      expect(guildsSeenBy(session, "GUILD_CREATE").filter((id) => guildIds.includes(id))).toEqual(own);
    }
  });
});
