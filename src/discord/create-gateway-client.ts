import { REST } from "@discordjs/rest";
import { GatewayIntentBits } from "discord-api-types/v10";
import { GatewayClient } from "./gateway-client.js";

export interface GatewayClientOptions {
  /** REST base without the version (`DISCORD_API_URL`); Discord's own when undefined. */
  readonly apiUrl: string | undefined;
  /** This instance's share of Discord's global rate limit (DISCORD_GLOBAL_RATE_LIMIT); 50 when undefined. */
  readonly globalRequestsPerSecond?: number | undefined;
  readonly shards?: number | readonly number[] | "auto" | undefined;
  readonly shardCount?: number | undefined;
}

/**
 * The bot's gateway connection: only the Guilds intent, and no cache at all. Handlers work from
 * raw interaction payloads, posts go by REST, and readiness comes from the guild ids of READY, so nothing of a
 * guild is kept. discord.js's Client built a Guild with its channels and roles from every GUILD_CREATE, and
 * supports no limit on those caches (it warns UnsupportedCacheOverwriteWarning at each start when they are
 * limited); kept, they cost ~300 MB more at 10,000 guilds (bench/memory.ts).
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const rest = new REST({
    ...(options.apiUrl === undefined ? {} : { api: options.apiUrl }),
    ...(options.globalRequestsPerSecond === undefined
      ? {}
      : { globalRequestsPerSecond: options.globalRequestsPerSecond }),
  });
  return new GatewayClient({
    rest,
    intents: GatewayIntentBits.Guilds,
    ...(options.shards === undefined ? {} : { shards: options.shards }),
    ...(options.shardCount === undefined ? {} : { shardCount: options.shardCount }),
  });
}
