import { renderChannel, renderMember, renderRole } from "./render-world.js";
import type { FakeGuild, FakeUser } from "./world-types.js";

/** How many members GUILD_CREATE carries: Discord sends few for large guilds; the bot needs only itself. */
const membersInGuildCreate = 5;

/** The guild object of GET /guilds/{id} (docs: Resources, Guild — Guild Object). */
export function renderGuild(guild: FakeGuild): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [...guild.roles.values()].map(renderRole),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: guild.preferredLocale,
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
  };
}

/**
 * GUILD_CREATE for one guild (docs: Gateway Events, Guild Create): the guild plus channels, member
 * count and only a few members, built when sent so 10,000 guilds cost nothing until then.
 */
export function renderGuildCreate(
  guild: FakeGuild,
  users: ReadonlyMap<string, FakeUser>,
  botUserId: string,
): Record<string, unknown> {
  const members = [];
  const botMember = guild.members.get(botUserId);
  const botUser = users.get(botUserId);
  if (botMember !== undefined && botUser !== undefined) members.push(renderMember(botMember, botUser));
  for (const member of guild.members.values()) {
    if (members.length >= membersInGuildCreate) break;
    const user = users.get(member.userId);
    if (member.userId !== botUserId && user !== undefined) members.push(renderMember(member, user));
  }
  // Object.assign, not a spread: spreading ~30 keys then adding more is ~30x slower in V8 (10,000 guilds).
  return Object.assign(renderGuild(guild), {
    joined_at: new Date(guild.createdAt).toISOString(),
    large: guild.members.size > 250,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members,
    channels: [...guild.channels.values()].map(renderChannel),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  });
}
