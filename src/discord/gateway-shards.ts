import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { GatewayClient } from "./gateway-client.js";

/** The `shards` / `shardCount` client options: the gateway client runs every listed shard inside this process. */
export interface GatewayShardPlan {
  readonly shards?: readonly number[] | "auto";
  readonly shardCount?: number;
}

/**
 * Which shards this instance runs (docs/architecture.md, "Growing past one machine"): every one of
 * SHARD_COUNT, the SHARD_IDS slice of it, or "auto", which the gateway client resolves with GET /gateway/bot
 * through the client's REST (so DISCORD_API_URL).
 */
export function planGatewayShards(discord: Config["discord"]): GatewayShardPlan {
  const { shardCount, shardIds } = discord;
  if (shardCount === undefined) return {};
  if (shardCount === "auto") return { shards: "auto" };
  return { shards: shardIds ?? Array.from({ length: shardCount }, (_, id) => id), shardCount };
}

/** The shards the client runs, as resolved at login (after "auto" became a list and a count). */
export function readRunningShards(client: GatewayClient): { shardIds: number[]; shardCount: number } {
  const { shards, shardCount } = client.options;
  const shardIds = shards === "auto" ? [...client.ws.shards.keys()] : [...shards];
  return { shardIds, shardCount: shardCount ?? shardIds.length };
}

/**
 * True only while every shard this instance runs is connected with its guilds received. The client's own
 * isReady() stays true once reached, even while a shard reconnects or was refused by Discord.
 */
export function areAllShardsReady(client: GatewayClient): boolean {
  if (!client.isReady()) return false;
  const { shardIds } = readRunningShards(client);
  return shardIds.every((id) => client.ws.shards.get(id)?.status === "ready");
}

/**
 * Shard changes in the log. A shard Discord refuses for good (4004 bad token, 4010 Invalid shard, 4011 Sharding
 * required, 4013/4014 intents) is not retried (gateway-client.ts): it says so once, as `shardDisconnect`, and the
 * instance then stays not ready (`/readyz`), so that line is the one to look for.
 */
export function logShardChanges(client: GatewayClient, logger: Logger): void {
  client.on("shardReady", (shardId) => {
    logger.info({ shardId }, "gateway shard ready");
  });
  client.on("shardReconnecting", (shardId) => {
    logger.warn({ shardId }, "gateway shard reconnecting");
  });
  client.on("shardDisconnect", (event, shardId) => {
    logger.fatal(
      { shardId, code: event.code },
      "gateway shard closed by Discord for good; it will not reconnect",
    );
  });
  client.on("shardError", (error, shardId) => {
    logger.error({ shardId, err: error }, "gateway shard error");
  });
}
