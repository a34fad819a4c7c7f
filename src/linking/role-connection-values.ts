// What a member's role connection says (docs/architecture.md, "Linked Roles"): the platform account's name and
// the values of the metadata records, each a string as Discord's docs require (Resources, Application Role
// Connection Metadata: integers as their decimal text, datetimes as ISO8601).
import type { RESTPutAPICurrentUserApplicationRoleConnectionJSONBody } from "discord-api-types/v10";
import type { PlatformUser, UserStats } from "../api/schemas/user.js";
import { roleConnectionKeys } from "../discord/role-connection-metadata.js";
import { normaliseTier, type Tier } from "../store/tiers.js";

/** The name Discord shows on the connection. */
export const platformName = "Arena";

/** Discord caps platform_username at 100 characters. */
const maxUsernameLength = 100;

/** At most `max` characters, never splitting a grapheme (an emoji, an accented letter). */
function truncateGraphemes(text: string, max: number): string {
  let kept = "";
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (kept.length + segment.length > max) break;
    kept += segment;
  }
  return kept;
}

/** A whole number at least 0, as text; undefined when the platform gave none. */
function wholeNumber(value: number | undefined): string | undefined {
  return value === undefined || !Number.isFinite(value) ? undefined : String(Math.max(0, Math.round(value)));
}

/** The tier's place in the learned order, lowest 1; undefined when the tier was never learned. */
function tierRank(tier: string | undefined, tiers: readonly Tier[]): string | undefined {
  const key = normaliseTier(tier);
  const index = tiers.findIndex((known) => known.tier === key);
  return key === undefined || index < 0 ? undefined : String(index + 1);
}

function isoDate(timestamp: string | undefined): string | undefined {
  const time = timestamp === undefined ? Number.NaN : Date.parse(timestamp);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function describeRoleConnection(
  user: PlatformUser,
  stats: UserStats,
  tiers: readonly Tier[],
): RESTPutAPICurrentUserApplicationRoleConnectionJSONBody {
  const values: [string, string | undefined][] = [
    [roleConnectionKeys.rating, wholeNumber(user.rating ?? stats.rating)],
    [roleConnectionKeys.battlesWon, wholeNumber(stats.wins)],
    [roleConnectionKeys.tierRank, tierRank(user.tier, tiers)],
    [roleConnectionKeys.memberSince, isoDate(user.joinedAt)],
  ];
  return {
    platform_name: platformName,
    platform_username: truncateGraphemes(user.username, maxUsernameLength),
    metadata: Object.fromEntries(values.filter((entry): entry is [string, string] => entry[1] !== undefined)),
  };
}
