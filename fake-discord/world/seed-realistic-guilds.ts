import { PermissionFlagsBits } from "discord.js";
import { composeSnowflake } from "../snowflake.js";
import { drawFrom, pickGuildSizeProfile, type GuildSizeProfile } from "./guild-size-profiles.js";
import { botPermissions, combinePermissions } from "./permissions.js";
import { SeededRandom } from "./seeded-random.js";
import * as names from "./seed-names.js";
import { everyoneRole, type FakeWorld } from "./world.js";
import type { FakeChannel, FakeGuild, FakeOverwrite, FakeRole, FakeUser } from "./world-types.js";

export interface SeedGuildsOptions {
  count: number;
  /** The same seed builds the same guilds with the same ids. */
  seed?: number;
}

/** What was seeded, summed over every guild. */
export interface SeededGuildsSummary {
  guilds: number;
  byProfile: Record<GuildSizeProfile["name"], number>;
  channels: number;
  threads: number;
  roles: number;
  overwrites: number;
  emojis: number;
  stickers: number;
  memberCount: number;
}

/** Guild ids (and so shards, by `(id >> 22) % shards`) spread over these years, as a bot's real guilds are. */
const firstGuildAt = Date.UTC(2016, 0, 1);
const lastGuildAt = Date.UTC(2025, 0, 1);
const dayMs = 86_400_000;

/**
 * Adds `count` guilds of realistic size (guild-size-profiles.ts) in one go, for the memory benchmark:
 * channels under categories with permission overwrites on some, roles, emojis, stickers, a few active
 * threads and a member count. Only the bot and the owner are modelled as members.
 */
export function seedRealisticGuilds(world: FakeWorld, options: SeedGuildsOptions): SeededGuildsSummary {
  const random = new SeededRandom(options.seed ?? 1);
  const spacing = Math.floor((lastGuildAt - firstGuildAt) / options.count);
  if (spacing < 1) throw new RangeError(`cannot seed more than ${lastGuildAt - firstGuildAt} guilds`);
  const summary = emptySummary();
  for (let index = 0; index < options.count; index += 1) {
    const createdAt = firstGuildAt + index * spacing + random.integer(0, spacing - 1);
    const profile = pickGuildSizeProfile(random);
    const { guild, owner } = buildGuild(random, profile, createdAt, world.botUser);
    world.insertGuild(guild, [owner]);
    addToSummary(summary, profile, guild);
  }
  return summary;
}

function buildGuild(
  random: SeededRandom,
  profile: GuildSizeProfile,
  createdAt: number,
  botUser: FakeUser,
): { guild: FakeGuild; owner: FakeUser } {
  let increment = 0;
  const nextId = () => composeSnowflake(createdAt, increment++);
  const id = nextId();
  const owner: FakeUser = { id: nextId(), username: `owner-${id.slice(-6)}`, globalName: null, bot: false };
  const community = random.chance(profile.community);
  const guild: FakeGuild = {
    id,
    name: `${random.pick(names.guildWords)} ${random.pick(names.guildWords)} ${random.pick(names.guildSuffixes)}`,
    ownerId: owner.id,
    preferredLocale: random.pick(["en-US", "en-US", "en-GB", "de", "fr", "pt-BR", "es-ES", "ru", "ja"]),
    createdAt,
    icon: random.chance(0.7) ? random.hex(32) : null,
    description: community ? random.pick(names.channelTopics) : null,
    features: community ? [...names.guildFeatures] : [],
    premiumTier: drawFrom(random, profile.premiumTier),
    channels: new Map(),
    threads: new Map(),
    scheduledEvents: new Map(),
    roles: new Map(),
    members: new Map(),
    unlistedMemberCount: 0,
    emojis: [],
    stickers: [],
  };
  if (guild.premiumTier > 0) guild.features.push(...names.premiumFeatures.slice(0, guild.premiumTier + 1));
  const roles = addRoles(random, guild, drawFrom(random, profile.roles), nextId, botUser.id);
  addChannels(random, guild, drawFrom(random, profile.channels), roles, nextId);
  addThreads(random, guild, drawFrom(random, profile.threads), nextId);
  for (let count = drawFrom(random, profile.emojis); count > 0; count -= 1) {
    const restricted = random.chance(0.05);
    guild.emojis.push({
      id: nextId(),
      name: `${random.pick(names.emojiWords)}_${count}`,
      animated: random.chance(0.2),
      roleIds: restricted ? [random.pick(roles).id] : [],
    });
  }
  for (let count = drawFrom(random, profile.stickers); count > 0; count -= 1) {
    const word = random.pick(names.emojiWords);
    guild.stickers.push({
      id: nextId(),
      name: `${word} ${count}`,
      description: `The ${word} sticker`,
      tags: word,
    });
  }
  const joinedAt = createdAt + random.integer(0, 365) * dayMs;
  const botRole = roles[0] as FakeRole;
  guild.members.set(botUser.id, { userId: botUser.id, roleIds: [botRole.id], joinedAt, nick: null });
  guild.members.set(owner.id, { userId: owner.id, roleIds: [], joinedAt: createdAt, nick: null });
  guild.unlistedMemberCount = Math.max(0, random.logInteger(profile.members.min, profile.members.max) - 2);
  return { guild, owner };
}

/** @everyone, the bot's role, a few staff roles with moderation rights, then plain and colour roles. */
function addRoles(
  random: SeededRandom,
  guild: FakeGuild,
  count: number,
  nextId: () => string,
  botId: string,
): FakeRole[] {
  guild.roles.set(guild.id, everyoneRole(guild.id));
  const staff = combinePermissions(["ManageMessages", "KickMembers", "BanMembers", "ModerateMembers"]);
  const roles: FakeRole[] = [];
  for (let position = 1; position < Math.max(count, 2); position += 1) {
    const isBot = position === 1;
    const role: FakeRole = {
      id: nextId(),
      name: isBot ? "Arena Bot" : random.pick(names.roleNames),
      permissions: isBot ? botPermissions : position <= 3 ? staff : 0n,
      position,
      color: random.chance(0.6) ? random.integer(0, 0xffffff) : 0,
      hoist: random.chance(0.3),
      mentionable: random.chance(0.2),
      managed: isBot,
      botId: isBot ? botId : null,
    };
    guild.roles.set(role.id, role);
    roles.push(role);
  }
  return roles;
}

/** One category per ~7 channels; voice, announcement and forum channels among the text ones. */
function addChannels(
  random: SeededRandom,
  guild: FakeGuild,
  count: number,
  roles: readonly FakeRole[],
  nextId: () => string,
): void {
  const categoryCount = Math.max(1, Math.round(count / 7));
  const categories: FakeChannel[] = [];
  for (let position = 0; position < count; position += 1) {
    const isCategory = position < categoryCount;
    const type = isCategory ? 4 : pickChannelType(random);
    const channel: FakeChannel = {
      id: nextId(),
      guildId: guild.id,
      name: pickChannelName(random, type),
      type,
      position,
      parentId: isCategory ? null : random.pick(categories).id,
      topic: type !== 2 && type !== 4 && random.chance(0.5) ? random.pick(names.channelTopics) : null,
      permissionOverwrites: drawOverwrites(random, guild, roles, isCategory ? 0.35 : 0.2),
    };
    if (isCategory) categories.push(channel);
    guild.channels.set(channel.id, channel);
  }
}

function pickChannelType(random: SeededRandom): number {
  const roll = random.next();
  if (roll < 0.25) return 2;
  if (roll < 0.29) return 5;
  if (roll < 0.32) return 15;
  return 0;
}

function pickChannelName(random: SeededRandom, type: number): string {
  if (type === 4) return random.pick(names.categoryNames);
  if (type === 2) return random.pick(names.voiceChannelNames);
  return random.pick(names.textChannelNames);
}

/** Private channels: @everyone may not view, one to three roles (sometimes the owner) may. */
function drawOverwrites(
  random: SeededRandom,
  guild: FakeGuild,
  roles: readonly FakeRole[],
  probability: number,
): FakeOverwrite[] {
  if (!random.chance(probability)) return [];
  const view = PermissionFlagsBits.ViewChannel;
  const overwrites: FakeOverwrite[] = [{ id: guild.id, type: 0, allow: 0n, deny: view }];
  const allowed = new Set(Array.from({ length: random.integer(1, 3) }, () => random.pick(roles).id));
  for (const id of allowed)
    overwrites.push({ id, type: 0, allow: view | PermissionFlagsBits.SendMessages, deny: 0n });
  if (random.chance(0.1)) overwrites.push({ id: guild.ownerId, type: 1, allow: view, deny: 0n });
  return overwrites;
}

function addThreads(random: SeededRandom, guild: FakeGuild, count: number, nextId: () => string): void {
  const parents = [...guild.channels.values()].filter((channel) => channel.type === 0 || channel.type === 5);
  for (let index = 0; index < count && parents.length > 0; index += 1) {
    const thread: FakeChannel = {
      id: nextId(),
      guildId: guild.id,
      name: random.pick(names.threadNames),
      type: 11,
      position: 0,
      parentId: random.pick(parents).id,
      topic: null,
      permissionOverwrites: [],
    };
    guild.threads.set(thread.id, thread);
  }
}

function emptySummary(): SeededGuildsSummary {
  return {
    guilds: 0,
    byProfile: { small: 0, medium: 0, large: 0, huge: 0 },
    channels: 0,
    threads: 0,
    roles: 0,
    overwrites: 0,
    emojis: 0,
    stickers: 0,
    memberCount: 0,
  };
}

function addToSummary(summary: SeededGuildsSummary, profile: GuildSizeProfile, guild: FakeGuild): void {
  summary.guilds += 1;
  summary.byProfile[profile.name] += 1;
  summary.channels += guild.channels.size;
  summary.threads += guild.threads.size;
  summary.roles += guild.roles.size;
  for (const channel of guild.channels.values()) summary.overwrites += channel.permissionOverwrites.length;
  summary.emojis += guild.emojis.length;
  summary.stickers += guild.stickers.length;
  summary.memberCount += guild.members.size + guild.unlistedMemberCount;
}
