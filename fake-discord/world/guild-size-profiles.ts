import type { SeededRandom } from "./seeded-random.js";

export interface Range {
  readonly min: number;
  readonly max: number;
}

/** What one kind of community looks like; seeded guilds draw each count from these ranges. */
export interface GuildSizeProfile {
  readonly name: "small" | "medium" | "large" | "huge";
  /** Share of guilds of this kind. */
  readonly weight: number;
  /** Every channel but threads, categories included. */
  readonly channels: Range;
  /** @everyone and the bot's role included. */
  readonly roles: Range;
  readonly emojis: Range;
  readonly stickers: Range;
  readonly threads: Range;
  /** member_count, drawn evenly over orders of magnitude. */
  readonly members: Range;
  readonly premiumTier: Range;
  /** Chance of being a Community server (COMMUNITY, NEWS features; a description). */
  readonly community: number;
}

/**
 * A spread like a bot's real install base: most servers are small friend groups, a few are large
 * communities with tens of thousands of members and every emoji slot taken.
 */
export const guildSizeProfiles: readonly GuildSizeProfile[] = [
  {
    name: "small",
    weight: 0.7,
    channels: { min: 5, max: 15 },
    roles: { min: 5, max: 12 },
    emojis: { min: 0, max: 10 },
    stickers: { min: 0, max: 1 },
    threads: { min: 0, max: 1 },
    members: { min: 10, max: 250 },
    premiumTier: { min: 0, max: 0 },
    community: 0.1,
  },
  {
    name: "medium",
    weight: 0.22,
    channels: { min: 15, max: 35 },
    roles: { min: 10, max: 25 },
    emojis: { min: 5, max: 30 },
    stickers: { min: 0, max: 3 },
    threads: { min: 0, max: 3 },
    members: { min: 250, max: 3000 },
    premiumTier: { min: 0, max: 1 },
    community: 0.5,
  },
  {
    name: "large",
    weight: 0.07,
    channels: { min: 30, max: 60 },
    roles: { min: 20, max: 45 },
    emojis: { min: 20, max: 50 },
    stickers: { min: 1, max: 5 },
    threads: { min: 2, max: 6 },
    members: { min: 3000, max: 30_000 },
    premiumTier: { min: 1, max: 2 },
    community: 0.9,
  },
  {
    name: "huge",
    weight: 0.01,
    channels: { min: 50, max: 80 },
    roles: { min: 40, max: 60 },
    emojis: { min: 40, max: 50 },
    stickers: { min: 3, max: 5 },
    threads: { min: 4, max: 10 },
    members: { min: 30_000, max: 80_000 },
    premiumTier: { min: 2, max: 3 },
    community: 1,
  },
];

export function pickGuildSizeProfile(random: SeededRandom): GuildSizeProfile {
  let roll = random.next();
  for (const profile of guildSizeProfiles) {
    roll -= profile.weight;
    if (roll < 0) return profile;
  }
  return guildSizeProfiles[0] as GuildSizeProfile;
}

export function drawFrom(random: SeededRandom, range: Range): number {
  return random.integer(range.min, range.max);
}
