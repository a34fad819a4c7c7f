import { type CacheFactory, Client, GatewayIntentBits, LimitedCollection, Options } from "discord.js";

export interface GatewayClientOptions {
  /** REST base without the version (`DISCORD_API_URL`); Discord's own when undefined. */
  readonly apiUrl: string | undefined;
  /** This instance's share of Discord's global rate limit (DISCORD_GLOBAL_RATE_LIMIT); 50 when undefined. */
  readonly globalRequestsPerSecond?: number | undefined;
  readonly shards?: number | readonly number[] | "auto" | undefined;
  readonly shardCount?: number | undefined;
}

/**
 * Caches discord.js calls unsupported to limit (it warns once per process for each). The bot never reads a
 * Guild, channel, role or member structure: handlers work from raw interaction payloads, posts go by REST,
 * and the client knows it is ready from the guild ids of READY, not from its cache. Kept, these held ~4.6 KB
 * a guild plus ~1 KB a channel and role: ~200 MB more at 10,000 guilds (bench/memory.ts).
 */
const uncachedManagers: ReadonlySet<string> = new Set(["GuildManager", "ChannelManager"]);

function makeCache(): CacheFactory {
  const limited = Options.cacheWithLimits({
    ...Options.DefaultMakeCacheSettings,
    ApplicationCommandManager: 0,
    AutoModerationRuleManager: 0,
    BaseGuildEmojiManager: 0,
    DMMessageManager: 0,
    GuildBanManager: 0,
    GuildEmojiManager: 0,
    GuildForumThreadManager: 0,
    GuildInviteManager: 0,
    GuildMemberManager: 0,
    GuildMessageManager: 0,
    GuildScheduledEventManager: 0,
    GuildStickerManager: 0,
    GuildTextThreadManager: 0,
    MessageManager: 0,
    PresenceManager: 0,
    ReactionManager: 0,
    ReactionUserManager: 0,
    StageInstanceManager: 0,
    ThreadManager: 0,
    ThreadMemberManager: 0,
    UserManager: 0,
    VoiceStateManager: 0,
  });
  return (managerType, holds, manager) =>
    // discord.js types only the managers it supports limiting, hence the wider `name`.
    uncachedManagers.has((manager as { name: string }).name)
      ? (new LimitedCollection({ maxSize: 0 }) as ReturnType<CacheFactory>)
      : limited(managerType, holds, manager);
}

/**
 * A discord.js Client for a slash-command bot (docs/architecture.md, "Growing past one machine"): only the Guilds intent, and every cache kept
 * empty, since handlers work from raw interaction payloads; its memory does not grow with the guild count.
 */
export function createGatewayClient(options: GatewayClientOptions): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: {
      ...(options.apiUrl === undefined ? {} : { api: options.apiUrl }),
      ...(options.globalRequestsPerSecond === undefined
        ? {}
        : { globalRequestsPerSecond: options.globalRequestsPerSecond }),
    },
    ...(options.shards === undefined ? {} : { shards: options.shards }),
    ...(options.shardCount === undefined ? {} : { shardCount: options.shardCount }),
    makeCache: makeCache(),
  });
}
