// When a shard counts as ready, driven frame by frame from a minimal gateway: READY announces guilds as
// unavailable, and each one's GUILD_CREATE (or GUILD_DELETE, if it is in an outage) settles it, as discord.js's
// Client counted them.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { REST } from "@discordjs/rest";
import { GatewayDispatchEvents, GatewayIntentBits, GatewayOpcodes } from "discord-api-types/v10";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { GatewayClient } from "../../src/discord/gateway-client.js";

interface MiniGateway {
  readonly apiUrl: string;
  readonly gatewayUrl: string;
  /** The bot's socket once it has sent IDENTIFY. */
  identified(): Promise<WebSocket>;
  /** The bot's socket once it has sent RESUME. */
  resuming(): Promise<WebSocket>;
  close(): Promise<void>;
}

async function startMiniGateway(): Promise<MiniGateway> {
  const http: Server = createServer((request, response) => {
    if (request.url !== "/api/v10/gateway/bot") {
      response.writeHead(404).end();
      return;
    }
    const { port } = http.address() as AddressInfo;
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        url: `ws://127.0.0.1:${port}`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      }),
    );
  });
  const sockets = new WebSocketServer({ server: http });
  const identifying: ((socket: WebSocket) => void)[] = [];
  const resuming: ((socket: WebSocket) => void)[] = [];
  sockets.on("connection", (socket) => {
    socket.send(JSON.stringify({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: 45_000 } }));
    socket.on("message", (data: Buffer) => {
      const payload = JSON.parse(data.toString("utf8")) as { op: GatewayOpcodes };
      if (payload.op === GatewayOpcodes.Identify) identifying.shift()?.(socket);
      if (payload.op === GatewayOpcodes.Resume) resuming.shift()?.(socket);
    });
  });
  http.listen(0, "127.0.0.1");
  await once(http, "listening");
  const { port } = http.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    gatewayUrl: `ws://127.0.0.1:${port}`,
    identified: () => new Promise((resolve) => identifying.push(resolve)),
    resuming: () => new Promise((resolve) => resuming.push(resolve)),
    async close() {
      for (const socket of sockets.clients) socket.terminate();
      sockets.close();
      http.close();
      await once(http, "close");
    },
  };
}

let sequence = 0;
function dispatch(socket: WebSocket, t: string, d: unknown): void {
  sequence += 1;
  socket.send(JSON.stringify({ op: GatewayOpcodes.Dispatch, t, s: sequence, d }));
}

function sendReady(socket: WebSocket, guildIds: readonly string[], resumeUrl = "ws://127.0.0.1:9"): void {
  dispatch(socket, GatewayDispatchEvents.Ready, {
    v: 10,
    user: { id: "100", username: "bot", discriminator: "0", global_name: null, avatar: null, bot: true },
    guilds: guildIds.map((id) => ({ id, unavailable: true })),
    session_id: "session",
    resume_gateway_url: resumeUrl,
    shard: [0, 1],
    application: { id: "200", flags: 0 },
  });
}

describe("a gateway shard's readiness", () => {
  let gateway: MiniGateway;
  let client: GatewayClient;

  beforeEach(async () => {
    gateway = await startMiniGateway();
  });

  afterEach(async () => {
    await client.destroy();
    await gateway.close();
  });

  function connect(waitGuildTimeoutMs?: number): GatewayClient {
    client = new GatewayClient({
      rest: new REST({ api: gateway.apiUrl }),
      intents: GatewayIntentBits.Guilds,
      ...(waitGuildTimeoutMs === undefined ? {} : { waitGuildTimeoutMs }),
    });
    return client;
  }

  it("waits for every guild READY announced; a GUILD_DELETE of one in an outage settles it too", async () => {
    const client = connect();
    const shardReady = once(client, "shardReady");
    const identified = gateway.identified();
    const login = client.login("token");
    const socket = await identified;
    sendReady(socket, ["1", "2"]);
    await login;
    const created = once(client.ws, GatewayDispatchEvents.GuildCreate);
    dispatch(socket, GatewayDispatchEvents.GuildCreate, { id: "1", unavailable: false });
    await created;
    expect(client.ws.shards.get(0)?.status).toBe("waiting-for-guilds");
    expect(client.isReady()).toBe(false);

    const clientReady = once(client, "clientReady");
    dispatch(socket, GatewayDispatchEvents.GuildDelete, { id: "2", unavailable: true });
    await clientReady;
    expect(await shardReady).toEqual([0, undefined]);
    expect(client.ws.shards.get(0)?.status).toBe("ready");
    expect(client.isReady()).toBe(true);
  });

  it("still waits for the missing guilds after the connection dropped and the session resumed", async () => {
    const client = connect();
    const reconnecting = once(client, "shardReconnecting");
    const identified = gateway.identified();
    const login = client.login("token");
    const first = await identified;
    sendReady(first, ["1", "2"], gateway.gatewayUrl);
    await login;
    const created = once(client.ws, GatewayDispatchEvents.GuildCreate);
    dispatch(first, GatewayDispatchEvents.GuildCreate, { id: "1", unavailable: false });
    await created;
    const resuming = gateway.resuming();
    // 4000 Unknown error: Discord lets the session resume.
    first.close(4000);
    expect(await reconnecting).toEqual([0]);
    const second = await resuming;
    const clientReady = once(client, "clientReady");
    dispatch(second, GatewayDispatchEvents.Resumed, {});
    dispatch(second, GatewayDispatchEvents.GuildCreate, { id: "2", unavailable: false });
    await clientReady;
    expect(client.ws.shards.get(0)?.status).toBe("ready");
  });

  it("counts the guilds a resumed session replays before RESUMED", async () => {
    const client = connect();
    const reconnecting = once(client, "shardReconnecting");
    const identified = gateway.identified();
    const login = client.login("token");
    const first = await identified;
    sendReady(first, ["1", "2"], gateway.gatewayUrl);
    await login;
    const resuming = gateway.resuming();
    first.close(4000);
    expect(await reconnecting).toEqual([0]);
    const second = await resuming;
    // Discord replays what the session missed, then says RESUMED (docs: Gateway, Resuming).
    // A long replay reaches the bot well before RESUMED does.
    const shardReady = once(client, "shardReady");
    const replayed = once(client.ws, GatewayDispatchEvents.GuildCreate);
    dispatch(second, GatewayDispatchEvents.GuildCreate, { id: "1", unavailable: false });
    await replayed;
    const replayedToo = once(client.ws, GatewayDispatchEvents.GuildCreate);
    dispatch(second, GatewayDispatchEvents.GuildCreate, { id: "2", unavailable: false });
    await replayedToo;
    dispatch(second, GatewayDispatchEvents.Resumed, {});
    // Not the 15 s wait, with the replayed guilds named unavailable.
    expect(await shardReady).toEqual([0, undefined]);
    expect(client.isReady()).toBe(true);
  });

  it("counts a shard ready with the guilds still missing once they stop coming", async () => {
    const client = connect(10);
    const shardReady = once(client, "shardReady");
    const identified = gateway.identified();
    const login = client.login("token");
    sendReady(await identified, ["1", "2"]);
    await login;
    expect(await shardReady).toEqual([0, new Set(["1", "2"])]);
    expect(client.isReady()).toBe(true);
  });

  it("is ready at READY when the shard has no guild", async () => {
    const client = connect();
    const clientReady = once(client, "clientReady");
    const identified = gateway.identified();
    const login = client.login("token");
    sendReady(await identified, []);
    await login;
    await clientReady;
    expect(client.isReady()).toBe(true);
  });
});
