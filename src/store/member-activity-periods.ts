// One server's activity over a period, for the weekly digest and `/leaderboard server period:week|month`
// (docs/architecture.md, "The weekly digest"). Both read the same totals over their window (a digest's
// bounded by its refresh and the one before it). Only members still linked in the server count: a member who
// unlinked drops out of both.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "./database.js";
import { compareTiers } from "../events/index.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { isAbove, readStartsOfPeriod } from "./period-starts.js";

/** A period: after `from`, up to and including `to` (ms since the epoch, compared with `occurred_at`). */
export interface ActivityWindow {
  readonly from: number;
  readonly to: number;
  /**
   * A digest's week (leaderboard-refreshes.ts): only the rows stored by the time its refresh was,
   * `recorded_at` up to this; a row stored later counts in the next week.
   */
  readonly storedBy?: number | undefined;
  /**
   * A digest's week after an earlier refresh: also the rows dated before `from` (but after `occurredAfter`)
   * that were stored after that refresh was, `recorded_at` past `storedAfter`, which its digest could not
   * count.
   */
  readonly late?: { readonly storedAfter: number; readonly occurredAfter: number } | undefined;
  /**
   * A digest's week once claimed (digest-weeks.ts): the rows it claimed, whatever `storedBy` and `late` say;
   * the refresh's event id.
   */
  readonly claimedBy?: string | undefined;
}

export interface MemberPeriodTotals {
  readonly platformUserId: string;
  /** The sum of the period's rating changes; 0 when the member only played. */
  readonly ratingChange: number;
  /** The rating after the member's last change in the period, if any said it. */
  readonly latestRating: number | null;
  readonly battlesPlayed: number;
  readonly battlesWon: number;
}

export interface PeriodQuery {
  readonly guildId: string;
  readonly window: ActivityWindow;
}

type ActivityBuilder = ExpressionBuilder<Database, "member_activity">;

/**
 * The rows of `window`: dated in it, and for a digest's week stored by its refresh or late from the last, or,
 * once the week is claimed, the rows it claimed.
 */
export function inWindow(eb: ActivityBuilder, window: ActivityWindow) {
  const { late } = window;
  const conditions = [
    // One range on the (guild_id, occurred_at) index, late rows included.
    eb(
      "member_activity.occurred_at",
      ">",
      late === undefined ? window.from : Math.min(window.from, late.occurredAfter),
    ),
    eb("member_activity.occurred_at", "<=", window.to),
  ];
  if (window.claimedBy !== undefined) {
    conditions.push(eb("member_activity.week_event_id", "=", window.claimedBy));
    return eb.and(conditions);
  }
  if (late !== undefined) {
    conditions.push(
      eb.or([
        eb("member_activity.occurred_at", ">", window.from),
        eb("member_activity.recorded_at", ">", late.storedAfter),
      ]),
    );
  }
  if (window.storedBy !== undefined)
    conditions.push(eb("member_activity.recorded_at", "<=", window.storedBy));
  return eb.and(conditions);
}

function inPeriod(db: Kysely<Database>, { guildId, window }: PeriodQuery) {
  return db
    .selectFrom("member_activity")
    .where("member_activity.guild_id", "=", guildId)
    .where((eb: ActivityBuilder) => inWindow(eb, window))
    .where((eb: ActivityBuilder) =>
      eb.exists(
        eb
          .selectFrom("member_links")
          .select("member_links.id")
          .where("member_links.guild_id", "=", guildId)
          .whereRef("member_links.platform_user_id", "=", "member_activity.platform_user_id"),
      ),
    );
}

/**
 * Each member who changed rating or played in the period, by rating gained (most first), then battles won,
 * then platform user id; `limit` and `offset` page through them.
 */
export async function listMemberPeriodTotals(
  db: Kysely<Database>,
  query: PeriodQuery & { readonly limit?: number; readonly offset?: number },
): Promise<MemberPeriodTotals[]> {
  let select = inPeriod(db, query)
    .where("member_activity.kind", "in", ["rating", "battle"])
    .groupBy("member_activity.platform_user_id")
    .select((eb) => [
      "member_activity.platform_user_id",
      eb.fn.coalesce(eb.fn.sum<number | string>("member_activity.rating_change"), eb.lit(0)).as("gain"),
      eb.fn.count<number | string>("member_activity.battle_id").distinct().as("played"),
      eb.fn
        .count<number | string>(
          eb
            .case()
            .when("member_activity.outcome", "=", "won")
            .then(eb.ref("member_activity.battle_id"))
            .end(),
        )
        .distinct()
        .as("won"),
    ])
    .orderBy("gain", "desc")
    .orderBy("won", "desc")
    .orderBy("member_activity.platform_user_id");
  if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset ?? 0);
  const rows = await select.execute();
  const latest = await readLatestRatings(
    db,
    query,
    rows.map((row) => row.platform_user_id),
  );
  return rows.map((row) => ({
    platformUserId: row.platform_user_id,
    ratingChange: Number(row.gain),
    latestRating: latest.get(row.platform_user_id) ?? null,
    battlesPlayed: Number(row.played),
    battlesWon: Number(row.won),
  }));
}

/**
 * Each member's rating after their last change in the period that said it (the latest `occurred_at`, then the
 * greatest event id).
 */
async function readLatestRatings(
  db: Kysely<Database>,
  query: PeriodQuery,
  platformUserIds: readonly string[],
): Promise<Map<string, number>> {
  return latestPerMember(
    await readRatingRows(db, query, platformUserIds, "new_rating"),
    (row) => row.new_rating,
  );
}

/**
 * The period's rating rows of these members that say `column`. Read in one pass over the period, not one
 * lookup per member: a lookup per member scans the server's whole period each time, which grows with the
 * square of its members.
 */
function readRatingRows(
  db: Kysely<Database>,
  { guildId, window }: PeriodQuery,
  platformUserIds: readonly string[],
  named: "new_rating" | "any_tier",
) {
  return inSlices(platformUserIds, idsPerQuery, (some) =>
    db
      .selectFrom("member_activity")
      .select([
        "platform_user_id",
        "new_rating",
        "rating_change",
        "tier_after",
        "tier_before",
        "occurred_at",
        "event_id",
      ])
      .where("guild_id", "=", guildId)
      .where((eb) => inWindow(eb, window))
      .where("kind", "=", "rating")
      .where((eb) =>
        named === "new_rating"
          ? eb("new_rating", "is not", null)
          : eb.or([eb("tier_after", "is not", null), eb("tier_before", "is not", null)]),
      )
      .where("platform_user_id", "in", some)
      .execute(),
  );
}

/**
 * Each member's value from their latest row that has one: the latest `occurred_at`, then the greatest event
 * id, so both dialects and every reading pick the same row.
 */
function latestPerMember<Row extends { platform_user_id: string; occurred_at: number; event_id: string }, T>(
  rows: readonly Row[],
  valueOf: (row: Row) => T | null,
): Map<string, T> {
  const latest = new Map<string, { value: T; occurredAt: number; eventId: string }>();
  for (const row of rows) {
    const value = valueOf(row);
    if (value === null) continue;
    const known = latest.get(row.platform_user_id);
    const later =
      known === undefined ||
      row.occurred_at > known.occurredAt ||
      (row.occurred_at === known.occurredAt && row.event_id > known.eventId);
    if (later)
      latest.set(row.platform_user_id, { value, occurredAt: row.occurred_at, eventId: row.event_id });
  }
  return new Map([...latest].map(([platformUserId, { value }]) => [platformUserId, value]));
}

export interface MemberMilestone {
  readonly platformUserId: string;
  /** The tier moved up to, or the achievement's name, as the platform wrote it. */
  readonly name: string;
  readonly occurredAt: number;
}

/**
 * The period's promotions, oldest first, each only while the member still held its tier after their last
 * change of the period that named a tier: a promotion a later change undid (Gold, then back to Silver by the
 * week's end) is not one the week kept. Nor is one that only won back what the period had taken: a member who
 * began it in Gold, fell to Silver and climbed back to Gold ends where they began, and one who began in
 * Platinum and ends in Gold went down (the tier before their first change that named one; between tiers whose
 * order is not known the rating tells, and when it does not, only "the same tier" does: period-starts.ts).
 * Rows recorded before tiers were kept name none, and leave it shown.
 */
export async function listPeriodPromotions(
  db: Kysely<Database>,
  query: PeriodQuery,
): Promise<MemberMilestone[]> {
  const rows = await inPeriod(db, query)
    .where("member_activity.kind", "=", "rating")
    .where("member_activity.promoted_to", "is not", null)
    .select(["platform_user_id", "promoted_to as name", "occurred_at"])
    .orderBy("occurred_at")
    .orderBy("event_id")
    .execute();
  const promoted = [...new Set(rows.map((row) => row.platform_user_id))];
  const tiered = await readRatingRows(db, query, promoted, "any_tier");
  // Each promoted member's tier after their last change in the period that named one, with the rating that
  // change left them at (a later change that named no tier may have moved the rating, not the tier), and where
  // their first such change found them.
  const ends = latestPerMember(tiered, (row) =>
    row.tier_after === null ? null : { tier: row.tier_after, rating: row.new_rating ?? undefined },
  );
  const starts = readStartsOfPeriod(tiered);
  return rows
    .map((row) => ({
      platformUserId: row.platform_user_id,
      name: row.name ?? "",
      occurredAt: row.occurred_at,
    }))
    .filter((promotion) => {
      const end = ends.get(promotion.platformUserId);
      if (end !== undefined && compareTiers(end.tier, promotion.name) !== 0) return false;
      const start = starts.get(promotion.platformUserId);
      return start === undefined || isAbove(promotion.name, end?.rating, start);
    });
}

/** The period's achievements, oldest first. */
export async function listPeriodAchievements(
  db: Kysely<Database>,
  query: PeriodQuery,
): Promise<MemberMilestone[]> {
  const rows = await inPeriod(db, query)
    .where("member_activity.kind", "=", "achievement")
    .select(["platform_user_id", "achievement as name", "occurred_at"])
    .orderBy("occurred_at")
    .orderBy("event_id")
    .execute();
  return rows.map((row) => ({
    platformUserId: row.platform_user_id,
    name: row.name ?? "",
    occurredAt: row.occurred_at,
  }));
}
