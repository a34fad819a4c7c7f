// This server's week as of a leaderboard refresh, read from the activity the receiver recorded
// (docs/architecture.md, "The weekly digest"). Loaded when the digest is posted, for the week the refresh
// bounds (from the refresh before it, src/store/leaderboard-refreshes.ts): a retry or a late post shows the
// same week, and the outbox posts it once per channel. Members who left the server are left out when Discord
// says so (departed-members.ts).
import type { Kysely } from "kysely";
import { readActivityWindow } from "../display/activity-period.js";
import type { Database } from "../store/database.js";
import { listGuildLinks } from "../store/linked-members.js";
import {
  listMemberPeriodTotals,
  listPeriodAchievements,
  listPeriodPromotions,
  type ActivityWindow,
} from "../store/member-activity-periods.js";
import type { DepartedCheck } from "../discord/departed-members.js";
import { claimDigestWeek, findDigestClaim } from "../store/digest-weeks.js";
import { findRefreshBounds } from "../store/leaderboard-refreshes.js";
import { leaveOutDeparted } from "./departed-members.js";
import type { WeekRows } from "./server-week-shown.js";

export interface ServerWeek extends WeekRows {
  readonly window: ActivityWindow;
  /**
   * The platform username each member linked with here (their oldest link of a member still here, the one mentioned): what names them
   * where nobody may be mentioned, as in a test delivery's digest.
   */
  readonly usernames: ReadonlyMap<string, string>;
}

/** The week as loaded for a post: also the Discord users found to have left, whom the post never mentions. */
export interface LoadedServerWeek extends ServerWeek {
  readonly departed: ReadonlySet<string>;
}

/**
 * The week a refresh's digest shows in a server: from the refresh before it (within two weeks) to its own,
 * with the rows stored by the time it was and those the digest before it did not count, claimed on its first
 * reading here (src/store/digest-weeks.ts) so that every later reading shows the same; the seven days before
 * it, as `/leaderboard server period:week` reads them, for a refresh the store has no row of.
 */
export async function readDigestWeek(
  db: Kysely<Database>,
  refresh: {
    readonly guildId: string;
    readonly eventId: string;
    readonly createdAt: number;
    readonly now: number;
  },
): Promise<ActivityWindow> {
  // Read once claimed, in another channel or on a retry: the bounds it was claimed with stand.
  const claimed = await findDigestClaim(db, refresh.guildId, refresh.eventId);
  if (claimed !== undefined) return claimed;
  const sevenDays = readActivityWindow("week", refresh.createdAt);
  const bounds = await findRefreshBounds(db, refresh);
  if (bounds === undefined) return sevenDays;
  const { previous } = bounds;
  const window: ActivityWindow =
    previous === undefined
      ? { ...sevenDays, storedBy: bounds.storedAt }
      : {
          from: previous.createdAt,
          to: refresh.createdAt,
          storedBy: bounds.storedAt,
          // Dated in the week before that refresh, stored after it: that digest could not count them.
          late: {
            storedAfter: previous.storedAt,
            occurredAfter: readActivityWindow("week", previous.createdAt).from,
          },
        };
  return claimDigestWeek(db, {
    guildId: refresh.guildId,
    eventId: refresh.eventId,
    previousEventId: previous?.eventId,
    window,
    now: refresh.now,
  });
}

export async function loadServerWeek(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly window: ActivityWindow;
    /** Asks Discord about the members the digest would name; without it, nobody is left out. */
    readonly departedCheck?: DepartedCheck | undefined;
    /** The platform users the post names besides the week (the platform's podium). */
    readonly alsoNamed?: readonly string[];
  },
): Promise<LoadedServerWeek> {
  const query = { guildId: input.guildId, window: input.window };
  const links = await listGuildLinks(db, input.guildId);
  const rows = {
    totals: await listMemberPeriodTotals(db, query),
    promotions: await listPeriodPromotions(db, query),
    achievements: await listPeriodAchievements(db, query),
  };
  const { week, departed } =
    input.departedCheck === undefined
      ? { week: rows, departed: new Set<string>() }
      : await leaveOutDeparted(rows, { ...input.departedCheck, links, alsoNamed: input.alsoNamed ?? [] });
  const usernames = new Map<string, string>();
  for (const link of links) {
    if (!usernames.has(link.platformUserId) && !departed.has(link.userId)) {
      usernames.set(link.platformUserId, link.platformUsername);
    }
  }
  return { window: query.window, ...week, usernames, departed };
}

/** The platform users the week names, whose links are loaded to mention them. */
export function listServerWeekUsers(week: ServerWeek | undefined): string[] {
  if (week === undefined) return [];
  return [...week.totals, ...week.promotions, ...week.achievements].map((row) => row.platformUserId);
}
