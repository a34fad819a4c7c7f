// This server's week as of a leaderboard refresh, read from the activity the receiver recorded
// (docs/architecture.md, "The weekly digest"). Loaded when the digest is posted, for the seven days before the
// event's own time: a retry or a late post shows the same week, and the outbox posts it once per channel.
import type { Kysely } from "kysely";
import { readActivityWindow } from "../display/activity-period.js";
import type { Database } from "../store/database.js";
import { listGuildLinks } from "../store/linked-members.js";
import {
  listMemberPeriodTotals,
  listPeriodAchievements,
  listPeriodPromotions,
  type ActivityWindow,
  type MemberMilestone,
  type MemberPeriodTotals,
} from "../store/member-activity-periods.js";

export interface ServerWeek {
  readonly window: ActivityWindow;
  /** By rating gained, most first (the order of `/leaderboard server period:week`). */
  readonly totals: readonly MemberPeriodTotals[];
  readonly promotions: readonly MemberMilestone[];
  readonly achievements: readonly MemberMilestone[];
  /**
   * The platform username each member linked with here (their oldest link, the one mentioned): what names them
   * where nobody may be mentioned, as in a test delivery's digest.
   */
  readonly usernames: ReadonlyMap<string, string>;
}

export async function loadServerWeek(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly end: number },
): Promise<ServerWeek> {
  const query = { guildId: input.guildId, window: readActivityWindow("week", input.end) };
  const usernames = new Map<string, string>();
  for (const link of await listGuildLinks(db, input.guildId)) {
    if (!usernames.has(link.platformUserId)) usernames.set(link.platformUserId, link.platformUsername);
  }
  return {
    window: query.window,
    totals: await listMemberPeriodTotals(db, query),
    promotions: await listPeriodPromotions(db, query),
    achievements: await listPeriodAchievements(db, query),
    usernames,
  };
}

/** The platform users the week names, whose links are loaded to mention them. */
export function listServerWeekUsers(week: ServerWeek | undefined): string[] {
  if (week === undefined) return [];
  return [...week.totals, ...week.promotions, ...week.achievements].map((row) => row.platformUserId);
}
