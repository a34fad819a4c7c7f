import { Client, GatewayIntentBits, Options } from "discord.js";

export interface GatewayClientOptions {
  /** REST base without the version (`DISCORD_API_URL`); Discord's own when undefined. */
  readonly apiUrl: string | undefined;
  readonly shards?: number | readonly number[] | "auto" | undefined;
  readonly shardCount?: number | undefined;
}

/**
 * A discord.js Client for a slash-command bot (DESIGN.md §8): only the Guilds intent, and caches for
 * messages, members, users, presences and the like kept empty, since handlers work from interaction payloads.
 */
export function createGatewayClient(options: GatewayClientOptions): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(options.apiUrl === undefined ? {} : { rest: { api: options.apiUrl } }),
    ...(options.shards === undefined ? {} : { shards: options.shards }),
    ...(options.shardCount === undefined ? {} : { shardCount: options.shardCount }),
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      ApplicationCommandManager: 0,
      AutoModerationRuleManager: 0,
      BaseGuildEmojiManager: 0,
      DMMessageManager: 0,
      GuildBanManager: 0,
      GuildEmojiManager: 0,
      GuildForumThreadManager: 0,
      GuildInviteManager: 0,
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
      // The bot's own member must stay cached: discord.js reads it for permission checks.
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
    }),
  });
}
