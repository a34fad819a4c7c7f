// Loaded with `--import` into each child of bench/memory.ts, so the program measured stays untouched: it
// notes the gateway the program logs in (the baseline's discord.js Client, or the bot's @discordjs/ws
// manager, which its GatewayClient runs, whether the bot is built file by file or bundled), and when asked,
// waits until every guild is available, forces garbage collection, lets the process settle and reports its
// memory over IPC. It loads only the library its program logs in with (MEMORY_PROBE_GATEWAY): discord.js
// loaded into the bot, which never imports it, added about 5 MB to the bot's heap and more outside it.
import { setTimeout as sleep } from "node:timers/promises";
import type { WebSocketManager } from "@discordjs/ws";
import type { Client } from "discord.js";
// The program loads these types' module itself (discord.js and the bot both do), so importing it adds nothing.
import { GatewayDispatchEvents, type GatewayGuildCreateDispatchData } from "discord-api-types/v10";

export interface MeasureRequest {
  readonly expectedGuilds: number;
  readonly timeoutMs: number;
}

export interface MemoryReport {
  readonly guildsAvailable: number;
  readonly shards: number;
  /** Seconds from process start until every guild was available. */
  readonly readySeconds: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly heapTotal: number;
  readonly external: number;
  /** What the client holds in its caches, to tell which ones cost memory; empty for a client without any. */
  readonly cached: Readonly<Record<string, number>>;
}

const maxSettleSeconds = 25;
/** V8 shrinks its heap after a few idle seconds (its memory reducer), so a shorter calm proves nothing. */
const steadyWindowSeconds = 8;
const clients: Client[] = [];
const managers: WebSocketManager[] = [];
/** Counted from the raw dispatches, not a guild cache, which the bot does not have. */
let guildsCreated = 0;
const countGuild = (guild: GatewayGuildCreateDispatchData) => {
  if (guild.unavailable !== true) guildsCreated += 1;
};
/** The gateway library the measured program logs in with; bench/memory.ts names it for each child. */
export type ProbedGateway = "discord.js" | "@discordjs/ws";
const gateway = process.env.MEMORY_PROBE_GATEWAY as ProbedGateway | undefined;
if (gateway === "discord.js") {
  const { Client } = await import("discord.js");
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the client as `this`
  const login = Client.prototype.login;
  Client.prototype.login = function (this: Client, token?: string) {
    clients.push(this);
    this.ws.on(GatewayDispatchEvents.GuildCreate, countGuild);
    return login.call(this, token);
  };
} else if (gateway === "@discordjs/ws") {
  const { WebSocketManager, WebSocketShardEvents } = await import("@discordjs/ws");
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the manager as `this`
  const connect = WebSocketManager.prototype.connect;
  WebSocketManager.prototype.connect = function (this: WebSocketManager) {
    managers.push(this);
    this.on(WebSocketShardEvents.Dispatch, ({ data }) => {
      if (data.t === GatewayDispatchEvents.GuildCreate) countGuild(data.d);
    });
    return connect.call(this);
  };
} else {
  throw new Error("MEMORY_PROBE_GATEWAY must be discord.js or @discordjs/ws");
}

/**
 * Guilds whose GUILD_CREATE the client has handled, once it is ready (every shard has its guilds); for the
 * bot's manager, every one its shards dispatched.
 */
function countAvailableGuilds(): number {
  if (clients[0] !== undefined) return clients[0].isReady() ? guildsCreated : 0;
  return guildsCreated;
}

function countCached(client: Client | undefined): Record<string, number> {
  if (client === undefined) return {};
  const cached = { channels: 0, threads: 0, roles: 0, overwrites: 0, emojis: 0, stickers: 0, members: 0 };
  for (const guild of client.guilds.cache.values()) {
    for (const channel of guild.channels.cache.values()) {
      if (channel.isThread()) cached.threads += 1;
      else cached.overwrites += channel.permissionOverwrites.cache.size;
    }
    cached.roles += guild.roles.cache.size;
    cached.emojis += guild.emojis.cache.size;
    cached.stickers += guild.stickers.cache.size;
    cached.members += guild.members.cache.size;
  }
  cached.channels = client.channels.cache.size;
  return { ...cached, users: client.users.cache.size };
}

/**
 * Full collections once a second until RSS stops falling: V8 and malloc hand pages back to the system only
 * seconds after the storm of GUILD_CREATEs, and a running bot is measured in that steady state.
 */
async function settle(): Promise<void> {
  const gc = globalThis.gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  let lowest = Number.POSITIVE_INFINITY;
  let steadySeconds = 0;
  for (let second = 0; second < maxSettleSeconds && steadySeconds < steadyWindowSeconds; second += 1) {
    gc();
    await sleep(1000);
    const { rss } = process.memoryUsage();
    if (rss < lowest - 1e6) steadySeconds = 0;
    else steadySeconds += 1;
    lowest = Math.min(lowest, rss);
  }
}

async function measure(request: MeasureRequest): Promise<MemoryReport> {
  const deadline = performance.now() + request.timeoutMs;
  while (countAvailableGuilds() < request.expectedGuilds && performance.now() < deadline) await sleep(100);
  const readySeconds = process.uptime();
  await settle();
  const usage = process.memoryUsage();
  return {
    guildsAvailable: countAvailableGuilds(),
    shards: clients[0]?.ws.shards.size ?? (await managers[0]?.getShardCount()) ?? 0,
    readySeconds,
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    cached: countCached(clients[0]),
  };
}

process.on("message", (request: MeasureRequest) => {
  void measure(request).then((report) => process.send?.(report));
});
