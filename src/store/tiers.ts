// The platform tiers the bot has seen (docs/architecture.md, "Tier roles"). The platform's API reference gives
// only examples, so tiers are learned from profiles, leaderboards, rank info and the operator's events, with
// the lowest and highest rating each was seen at: that orders them.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, TiersTable } from "./database.js";
import { queueEveryRoleConnection } from "./role-connection-writes.js";
import { storedRating } from "./stored-rating.js";

export interface Tier {
  readonly tier: string;
  readonly lowestRating: number | null;
  readonly highestRating: number | null;
  readonly firstSeenAt: number;
}

/** The longest tier name kept: a role name holds 100 characters, and a tier is a word or two. */
const maxTierLength = 50;

/** "Grand Master " → "grand master": the key a tier is stored and mapped under; undefined when blank or too long. */
export function normaliseTier(tier: string | null | undefined): string | undefined {
  const key = (tier ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  return key === "" || key.length > maxTierLength ? undefined : key;
}

/**
 * Records that `tier` was seen at `rating` (if known). When the tier is new, every server that chose `create`
 * is marked to get a role for it, in the caller's transaction. When the sighting moves a tier within the
 * learned order (a new tier below others, or one seen lower than before), every Linked Roles connection is
 * queued to be written again: its tier rank counts from the lowest tier, so a rank written before would now
 * name another tier (docs/architecture.md, "Linked Roles"). Returns whether the tier was new.
 */
export async function recordTierSighting(
  db: Kysely<Database>,
  input: { readonly tier: string; readonly rating: number | undefined; readonly now: number },
): Promise<boolean> {
  const tier = normaliseTier(input.tier);
  if (tier === undefined) return false;
  const rating = storedRating(input.rating ?? null);
  const inserted = await db
    .insertInto("tiers")
    .values({
      tier,
      lowest_rating: rating,
      highest_rating: rating,
      first_seen_at: input.now,
      updated_at: input.now,
    })
    .onConflict((conflict) => conflict.column("tier").doNothing())
    .returning("tier")
    .executeTakeFirst();
  if (inserted !== undefined) {
    await db
      .updateTable("guild_role_settings")
      .set({ tiers_pending: 1, updated_at: input.now })
      .where("mode", "=", "create")
      .execute();
    // The others' order is as it was: the new tier moved those it came before.
    const order = (await listTiers(db)).map((known) => known.tier);
    if (order.at(-1) !== tier)
      await queueEveryRoleConnection(db, { cause: "tiers.reordered", now: input.now });
    return true;
  }
  if (rating !== null) {
    // One read serves both the check and the order: the update only widens this tier's range.
    const before = await listTiers(db);
    const seen = before.find((known) => known.tier === tier);
    if (seen === undefined) return false;
    const widened = {
      ...seen,
      lowestRating: seen.lowestRating === null ? rating : Math.min(seen.lowestRating, rating),
      highestRating: seen.highestRating === null ? rating : Math.max(seen.highestRating, rating),
    };
    if (widened.lowestRating === seen.lowestRating && widened.highestRating === seen.highestRating)
      return false;
    await db
      .updateTable("tiers")
      .set({
        lowest_rating: sql<number>`case when lowest_rating is null or lowest_rating > ${rating} then ${rating} else lowest_rating end`,
        highest_rating: sql<number>`case when highest_rating is null or highest_rating < ${rating} then ${rating} else highest_rating end`,
        updated_at: input.now,
      })
      .where("tier", "=", tier)
      .execute();
    const after = before.map((known) => (known === seen ? widened : known)).sort(compareTiers);
    if (after.some((known, index) => before[index]?.tier !== known.tier))
      await queueEveryRoleConnection(db, { cause: "tiers.reordered", now: input.now });
  }
  return false;
}

/**
 * Records several sightings, lowest rating first (unrated last): tiers learned in rising order append to the
 * learned order instead of moving one learned a moment before, which would queue every Linked Roles
 * connection once for each. Returns how many tiers were new.
 */
export async function recordTierSightings(
  db: Kysely<Database>,
  sightings: readonly { readonly tier: string; readonly rating: number | undefined }[],
  now: number,
): Promise<number> {
  const lowestFirst = [...sightings].sort(
    (left, right) => (left.rating ?? Number.MAX_SAFE_INTEGER) - (right.rating ?? Number.MAX_SAFE_INTEGER),
  );
  let learned = 0;
  for (const sighting of lowestFirst) {
    if (await recordTierSighting(db, { ...sighting, now })) learned += 1;
  }
  return learned;
}

/** Every tier seen, lowest first: by the lowest rating seen, then the highest, then name; unrated ones last. */
export async function listTiers(db: Kysely<Database>): Promise<Tier[]> {
  const rows = await db.selectFrom("tiers").selectAll().execute();
  return rows.map(toTier).sort(compareTiers);
}

function compareTiers(a: Tier, b: Tier): number {
  const low = compareRatings(a.lowestRating, b.lowestRating);
  if (low !== 0) return low;
  const high = compareRatings(a.highestRating, b.highestRating);
  return high !== 0 ? high : a.tier.localeCompare(b.tier);
}

function compareRatings(a: number | null, b: number | null): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return a - b;
}

function toTier(row: Selectable<TiersTable>): Tier {
  return {
    tier: row.tier,
    lowestRating: row.lowest_rating,
    highestRating: row.highest_rating,
    firstSeenAt: row.first_seen_at,
  };
}

/** Whether the tier has been seen (in any case or spacing). */
export async function isKnownTier(db: Kysely<Database>, tier: string): Promise<boolean> {
  const key = normaliseTier(tier);
  if (key === undefined) return false;
  const row = await db.selectFrom("tiers").select("tier").where("tier", "=", key).executeTakeFirst();
  return row !== undefined;
}
