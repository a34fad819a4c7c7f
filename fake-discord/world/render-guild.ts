import { renderEmoji, renderSticker } from "./render-expressions.js";
import { renderChannel, renderMember, renderRole, renderThread } from "./render-world.js";
import { renderScheduledEvent } from "./render-scheduled-event.js";
import type { FakeGuild, FakeUser } from "./world-types.js";

/** The guild object of GET /guilds/{id} (docs: Resources, Guild — Guild Object). */
export function renderGuild(guild: FakeGuild): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()].map(renderRole),
    emojis: guild.emojis.map(renderEmoji),
    stickers: guild.stickers.map((sticker) => renderSticker(sticker, guild)),
    features: guild.features,
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: guild.description,
    banner: null,
    premium_tier: guild.premiumTier,
    premium_subscription_count: 0,
    preferred_locale: guild.preferredLocale,
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
  };
}

/**
 * GUILD_CREATE for one guild (docs: Gateway Events, Guild Create): the guild plus channels, active
 * threads and member count, built when sent so 10,000 guilds cost nothing until then. Without the
 * GUILD_PRESENCES intent `members` holds only the bot (and members in voice, which the fake has none of).
 */
export function renderGuildCreate(
  guild: FakeGuild,
  users: ReadonlyMap<string, FakeUser>,
  botUserId: string,
): Record<string, unknown> {
  const botMember = guild.members.get(botUserId);
  const botUser = users.get(botUserId);
  const members = botMember === undefined || botUser === undefined ? [] : [renderMember(botMember, botUser)];
  const memberCount = guild.members.size + guild.unlistedMemberCount;
  // Object.assign, not a spread: spreading ~30 keys then adding more is ~30x slower in V8 (10,000 guilds).
  return Object.assign(renderGuild(guild), {
    joined_at: new Date(botMember?.joinedAt ?? guild.createdAt).toISOString(),
    large: memberCount > 250,
    unavailable: false,
    member_count: memberCount,
    voice_states: [],
    members,
    channels: [...guild.channels.values()].map(renderChannel),
    // Only active threads (docs: Topics, Threads — Gateway Events).
    threads: [...guild.threads.values()]
      .filter((thread) => thread.thread?.archived !== true)
      .map((thread) => renderThread(thread, guild)),
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [...guild.scheduledEvents.values()].map((event) =>
      renderScheduledEvent(event, users.get(event.creatorId)),
    ),
    soundboard_sounds: [],
  });
}
