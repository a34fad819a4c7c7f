import { ChannelType, type Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, shardForGuild, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";

describe("guilds seeded in bulk", () => {
  const fakes: FakeDiscord[] = [];
  const seeded = async (count: number, seed: number) => {
    const fake = await createFakeDiscord();
    fakes.push(fake);
    return { fake, summary: fake.seedRealisticGuilds({ count, seed }) };
  };

  afterAll(async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  });

  it("are the same guilds with the same ids for the same seed, and others for another", async () => {
    const first = await seeded(50, 7);
    const again = await seeded(50, 7);
    const other = await seeded(50, 8);
    const ids = (fake: FakeDiscord) => fake.guilds().map((guild) => guild.id);
    expect(ids(again.fake)).toEqual(ids(first.fake));
    expect(again.summary).toEqual(first.summary);
    expect(ids(other.fake)).not.toEqual(ids(first.fake));
  });

  it("range from small servers to huge communities, spread over every shard", async () => {
    const { fake, summary } = await seeded(2000, 1);
    expect(summary.guilds).toBe(2000);
    for (const count of Object.values(summary.byProfile)) expect(count).toBeGreaterThan(0);
    expect(summary.byProfile.small).toBeGreaterThan(summary.byProfile.medium);
    expect(summary.byProfile.medium).toBeGreaterThan(summary.byProfile.large);
    expect(summary.channels / summary.guilds).toBeGreaterThan(5);
    expect(summary.channels / summary.guilds).toBeLessThan(80);
    const shards = new Set(fake.guilds().map((guild) => shardForGuild(guild.id, 10)));
    expect(shards.size).toBe(10);
  });

  describe("as a discord.js client receives them", () => {
    let fake: FakeDiscord;
    let client: Client<true>;

    beforeAll(async () => {
      ({ fake } = await seeded(40, 3));
      client = await connectClient(fake);
    });

    afterAll(async () => {
      await client.destroy();
    });

    it("carry channels, threads, roles, overwrites, emojis, stickers and the member count", () => {
      expect(client.guilds.cache.size).toBe(40);
      for (const seededGuild of fake.guilds()) {
        const guild = client.guilds.cache.get(seededGuild.id);
        expect(guild?.available).toBe(true);
        expect(guild?.members.me?.id).toBe(fake.applicationId);
        expect(guild?.memberCount).toBe(seededGuild.members.size + seededGuild.unlistedMemberCount);
        expect(guild?.channels.cache.size).toBe(seededGuild.channels.size + seededGuild.threads.size);
        expect(guild?.roles.cache.size).toBe(seededGuild.roles.size);
        expect(guild?.emojis.cache.size).toBe(seededGuild.emojis.length);
        expect(guild?.stickers.cache.size).toBe(seededGuild.stickers.length);
        for (const seededChannel of seededGuild.channels.values()) {
          const channel = guild?.channels.cache.get(seededChannel.id);
          expect(channel?.parentId ?? null).toBe(seededChannel.parentId);
          const overwrites =
            channel === undefined || channel.isThread() ? undefined : channel.permissionOverwrites;
          expect(overwrites?.cache.size).toBe(seededChannel.permissionOverwrites.length);
        }
      }
      const channels = [...client.channels.cache.values()];
      expect(channels.some((channel) => channel.type === ChannelType.GuildCategory)).toBe(true);
      expect(channels.some((channel) => channel.type === ChannelType.GuildVoice)).toBe(true);
      expect(channels.some((channel) => channel.type === ChannelType.PublicThread)).toBe(true);
    });
  });
});
