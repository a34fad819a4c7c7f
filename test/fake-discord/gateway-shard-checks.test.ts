import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { createFakeDiscord, shardForGuild, type FakeDiscord } from "../../fake-discord/index.js";
import { RawGateway } from "./raw-gateway.js";

/** Identifies one raw session as `shard` and returns it once it is READY or closed. */
async function identify(fake: FakeDiscord, shard: unknown): Promise<RawGateway> {
  const gateway = new RawGateway(`${fake.gatewayUrl}?v=10&encoding=json`);
  await gateway.next((frame) => frame.op === 10);
  gateway.send({ op: 2, d: { token: fake.botToken, intents: 1, properties: {}, shard } });
  return gateway;
}

describe("the fake Discord's shard checks at IDENTIFY", () => {
  const clock = new ManualClock(Date.now());
  let fake: FakeDiscord | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  /** Guilds a millisecond apart land on alternating shards of two: (id >> 22) % 2. */
  function createGuilds(discord: FakeDiscord, count: number): string[] {
    return Array.from({ length: count }, (_, index) => {
      clock.advance(1);
      return discord.createGuild({ name: `Guild ${index}` }).id;
    });
  }

  it.each([
    ["an id equal to the count", [2, 2]],
    ["a negative id", [-1, 2]],
    ["a count of zero", [0, 0]],
    ["a fractional id", [0.5, 2]],
    ["a single number", [0]],
    ["a string", "0,1"],
  ])("closes with 4010 Invalid shard for %s", async (_, shard) => {
    fake = await createFakeDiscord({ clock });
    const gateway = await identify(fake, shard);
    expect(await gateway.closed()).toBe(4010);
    expect(gateway.frames.some((frame) => frame.t === "READY")).toBe(false);
  });

  it("closes with 4011 Sharding required when one session would carry too many guilds", async () => {
    fake = await createFakeDiscord({ clock, maxGuildsPerSession: 2 });
    createGuilds(fake, 3);
    const gateway = await identify(fake, [0, 1]);
    expect(await gateway.closed()).toBe(4011);
    expect(gateway.frames.some((frame) => frame.t === "READY")).toBe(false);
  });

  it("accepts the same guilds split over shards that each stay within the limit", async () => {
    fake = await createFakeDiscord({ clock, maxGuildsPerSession: 2 });
    const guildIds = createGuilds(fake, 4);
    for (const shardId of [0, 1]) {
      const gateway = await identify(fake, [shardId, 2]);
      const ready = await gateway.next((frame) => frame.t === "READY");
      const listed = (ready.d as { guilds: { id: string }[] }).guilds.map((guild) => guild.id);
      expect(listed.sort()).toEqual(guildIds.filter((id) => shardForGuild(id, 2) === shardId).sort());
      expect(listed).toHaveLength(2);
      gateway.close();
    }
  });

  it("counts against the limit by Discord's default of 2,500 guilds", async () => {
    fake = await createFakeDiscord({ clock });
    for (let index = 0; index < 2501; index += 1) fake.createGuild({ name: `Guild ${index}` });
    expect(await (await identify(fake, [0, 1])).closed()).toBe(4011);
    const half = await identify(fake, [0, 2]);
    await half.next((frame) => frame.t === "READY");
    half.close();
  });
});

describe("the fake Discord's guild placement", () => {
  it.each([
    [0, 2],
    [1, 2],
    [2, 3],
    [15, 16],
  ])("gives a guild made for shard %i of %i an id on that shard", async (shardId, shardCount) => {
    const fake = await createFakeDiscord();
    try {
      for (let index = 0; index < 3; index += 1) {
        const guild = fake.createGuild({ name: `Guild ${index}`, shard: [shardId, shardCount] });
        expect(shardForGuild(guild.id, shardCount)).toBe(shardId);
      }
    } finally {
      await fake.close();
    }
  });
});
