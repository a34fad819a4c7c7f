// Learning the platform's tiers when an admin turns tier roles on (docs/architecture.md, "Tier roles"). The
// platform's API reference lists no tiers, so they are read off the global leaderboard with the admin's
// credential: a bounded number of pages, spread over the whole ranking so the lowest tiers are read too.
// Each is recorded as any other sighting, so the roles can be made at once. (The admin's own tier was
// recorded when they linked.)
import { getGlobalLeaderboard } from "../api/leaderboards.js";
import type { PlatformCredential, PlatformHttp } from "../api/http.js";
import type { GlobalLeaderboard } from "../api/schemas/leaderboard.js";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.js";
import type { Database } from "../store/database.js";
import { recordTierSightings } from "../store/tiers.js";

/** The platform's largest page (docs/platform-assumptions.md, "Query parameters"). */
export const tierPageSize = 100;
/** At most this many pages: enough to sample every tier of a large ranking, few enough to answer quickly. */
export const maxTierPages = 10;

export interface TierLearningDeps {
  readonly platform: PlatformHttp;
  readonly db: Kysely<Database>;
  readonly clock: Clock;
}

/** Reads the tiers the platform shows and records them; returns the number of tiers new to the bot. */
export async function learnPlatformTiers(
  deps: TierLearningDeps,
  credential: PlatformCredential,
): Promise<number> {
  const read = (offset: number) =>
    getGlobalLeaderboard(deps.platform, credential, { limit: tierPageSize, offset });
  const first = await read(0);
  const pages: GlobalLeaderboard[] = [first];
  for (let index = 1, last = first; index < maxTierPages; index += 1) {
    const offset = nextPageOffset(first, last, index);
    if (offset === undefined) break;
    last = await read(offset);
    pages.push(last);
  }
  const sightings = pages.flatMap((page) => page.rankings.map(({ user }) => user));
  const now = deps.clock.now();
  const tiers = sightings.flatMap(({ tier, rating }) => (tier === undefined ? [] : [{ tier, rating }]));
  return deps.db.transaction().execute((trx) => recordTierSightings(trx, tiers, now));
}

/**
 * The offset of page `index` (from 0), or undefined when the ranking ends first. With a `total`, the pages are
 * spread evenly from the top to the last page; without it, they follow one another while more is shown.
 */
export function nextPageOffset(
  first: GlobalLeaderboard,
  last: GlobalLeaderboard,
  index: number,
): number | undefined {
  const total = first.total;
  if (total === undefined) {
    const more = last.hasMore ?? last.rankings.length === tierPageSize;
    return more ? index * tierPageSize : undefined;
  }
  const pageCount = Math.min(maxTierPages, Math.ceil(total / tierPageSize));
  if (index >= pageCount) return undefined;
  return Math.round((index * (total - tierPageSize)) / (pageCount - 1));
}
