// A stop while a shard waits to reconnect (src/discord/stoppable-sharding-strategy.ts): @discordjs/ws pauses
// 500 ms idle after a connection is lost, then connects again. A stop in that pause found the shard idle, did
// nothing, and the shard opened a new session when the pause was over: during the stop's drain, Discord sent
// that session interactions the stopping instance no longer handled.
import { once } from "node:events";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createGatewayClient } from "../../src/discord/create-gateway-client.js";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

/** @discordjs/ws 1.2's pause between a lost connection and the next (WebSocketShard.destroy). */
const reconnectPauseMs = 500;

describe("a gateway client stopped while a shard waits to reconnect", () => {
  let fake: FakeDiscord;

  beforeAll(async () => {
    fake = await createFakeDiscord();
    fake.seedRealisticGuilds({ count: 3, seed: 7 });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("does not connect again once the pause is over", async () => {
    const client = createGatewayClient({ apiUrl: fake.apiUrl, shards: [0], shardCount: 1 });
    const ready = once(client, "clientReady");
    await client.login(fake.botToken);
    await ready;
    expect(fake.gateway.stats.connections).toBe(1);

    const reconnecting = once(client, "shardReconnecting");
    // A resumable close (4000): the shard keeps its session and pauses before it resumes.
    fake.gateway.dropConnections();
    // Emitted as the connection closes, just before the shard starts its pause: the stop falls inside it.
    await reconnecting;
    await client.destroy();

    // Not a guess at timing: Node runs timers of the same length in the order they were set, so this one
    // fires after the shard's pause has ended and whatever it then started has begun.
    await delay(reconnectPauseMs);
    // A connection of the test's own, opened after any the shard opened: once the fake has answered its
    // heartbeat, it has accepted every connection opened before it.
    const probe = new WebSocket(fake.gatewayUrl);
    try {
      await once(probe, "message");
      const acked = once(probe, "message");
      probe.send(JSON.stringify({ op: 1, d: null }));
      await acked;
    } finally {
      probe.close();
    }

    expect(fake.gateway.stats).toMatchObject({ connections: 2, identifies: 1, resumes: 0 });
  });
});
