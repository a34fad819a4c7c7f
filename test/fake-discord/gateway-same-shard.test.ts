import { once } from "node:events";
import type { Client } from "discord.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";
import { connectClient } from "./connect-client.js";

describe("a fake Discord gateway with two clients identifying for the same shard", () => {
  let fake: FakeDiscord;
  const clients: Client<true>[] = [];

  beforeAll(async () => {
    fake = await createFakeDiscord();
    fake.createGuild({ name: "Arena", channels: ["general"] });
    // Two instances of one bot: the same token, both shard 0 of 1.
    for (let index = 0; index < 2; index += 1) clients.push(await connectClient(fake));
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.destroy()));
    await fake.close();
  });

  it("keeps both sessions open, as Discord does, instead of one displacing the other", () => {
    expect(fake.gateway.liveSessions()).toHaveLength(2);
    expect(fake.gateway.stats).toMatchObject({ identifies: 2, resumes: 0 });
    for (const client of clients) expect(client.guilds.cache.size).toBe(1);
  });

  it("sends a dispatch to both sessions", async () => {
    const received = clients.map(
      (client) =>
        new Promise<string>((resolve) => {
          client.once("guildCreate", (guild) => {
            resolve(guild.name);
          });
        }),
    );
    fake.createGuild({ name: "Late server" });
    expect(await Promise.all(received)).toEqual(["Late server", "Late server"]);
    expect(fake.gateway.stats).toMatchObject({ identifies: 2, resumes: 0 });
  });

  it("drops a session whose client vanished once the shard identifies again", async () => {
    const vanished = await identifyRaw(fake);
    vanished.terminate();
    await vi.waitFor(
      () => {
        expect(fake.gateway.liveSessions().filter((session) => session.socket === null)).toHaveLength(1);
      },
      { timeout: 15_000 },
    );
    // Kept for a RESUME that may still come, as Discord does for a while.
    expect(fake.gateway.liveSessions()).toHaveLength(3);
    const restarted = await identifyRaw(fake);
    expect(fake.gateway.liveSessions()).toHaveLength(3);
    expect(fake.gateway.liveSessions().filter((session) => session.socket === null)).toHaveLength(0);
    restarted.close(1000);
    await once(restarted, "close");
  });
});

/** Identifies for shard 0 of 1 with a raw socket; resolves once READY arrived. */
async function identifyRaw(fake: FakeDiscord): Promise<WebSocket> {
  const socket = new WebSocket(`${fake.gatewayUrl}?v=10&encoding=json`);
  await new Promise<void>((resolve, reject) => {
    socket.on("message", (raw: Buffer) => {
      const payload = JSON.parse(raw.toString("utf8")) as { op: number; t?: string };
      if (payload.op === 10)
        socket.send(JSON.stringify({ op: 2, d: { token: fake.botToken, intents: 1, properties: {} } }));
      if (payload.t === "READY") resolve();
    });
    socket.on("error", reject);
  });
  return socket;
}
