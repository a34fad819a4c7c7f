import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

/** Identifies with a raw socket and counts GUILD_CREATE dispatches until every guild arrived. */
function countGuildCreates(
  fake: FakeDiscord,
  expected: number,
): Promise<{ ready: { guilds: unknown[] }; guildCreates: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
    let ready: { guilds: unknown[] } | undefined;
    let guildCreates = 0;
    socket.on("message", (raw: Buffer) => {
      const payload = JSON.parse(raw.toString("utf8")) as { op: number; t?: string; d: unknown };
      if (payload.op === 10)
        socket.send(JSON.stringify({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } }));
      if (payload.t === "READY") ready = payload.d as { guilds: unknown[] };
      if (payload.t === "GUILD_CREATE") guildCreates += 1;
      if (ready !== undefined && guildCreates === expected) {
        socket.close(1000);
        resolve({ ready, guildCreates });
      }
    });
    socket.on("error", reject);
  });
}

describe("a fake Discord with 10,000 guilds", () => {
  let fake: FakeDiscord;

  beforeAll(async () => {
    // One session carrying them all, past Discord's 2,500: this is about streaming READY, not sharding.
    fake = await createFakeDiscord({ recommendedShards: 1, maxGuildsPerSession: 10_000 });
    for (let index = 0; index < 10_000; index += 1)
      fake.createGuild({ name: `Guild ${index}`, channels: ["general"] });
  });

  afterAll(async () => {
    await fake.close();
  });

  it("lists them unavailable in READY and streams one GUILD_CREATE each", async () => {
    const { ready, guildCreates } = await countGuildCreates(fake, 10_000);
    expect(ready.guilds).toHaveLength(10_000);
    expect(guildCreates).toBe(10_000);
  });

  it("recommends one shard per 1,000 guilds by default", async () => {
    const other = await createFakeDiscord();
    try {
      for (let index = 0; index < 2500; index += 1) other.createGuild({ name: `Guild ${index}` });
      const response = await fetch(`${other.apiUrl}/v10/gateway/bot`, {
        headers: { authorization: `Bot ${other.botToken}` },
      });
      expect(((await response.json()) as { shards: number }).shards).toBe(3);
    } finally {
      await other.close();
    }
  });
});
