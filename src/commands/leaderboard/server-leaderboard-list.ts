import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import {
  readActivityPeriod,
  readActivityWindow,
  type ActivityPeriod,
} from "../../display/activity-period.js";
import {
  checkThroughPresence,
  createDepartedMembers,
  type DepartedMembers,
} from "../../discord/departed-members.js";
import { listMemberPeriodTotals } from "../../store/member-activity-periods.js";
import { listGuildLinks, type LinkedMember } from "../../store/linked-members.js";
import { listServerLeaderboard } from "../../store/platform-users.js";
import { renderServerLeaderboard } from "./render-server-leaderboard.js";
import { renderServerPeriodLeaderboard } from "./render-server-period-leaderboard.js";
import { requireServer } from "../../discord/require-server.js";
import { readRowsStillHere } from "./rows-still-here.js";

export const serverLeaderboardPageSize = 10;

/** What a page of the server leaderboard reads: the read models, and Discord for who is still here. */
export type ServerLeaderboardDeps = Pick<BotDependencies, "db" | "clock" | "logger" | "memberPresence">;

/** The buttons' query for a period: empty for all time, so the all-time list's buttons read as before. */
export function serverListQuery(period: ActivityPeriod): string {
  return period === "all" ? "" : period;
}

/**
 * `/leaderboard server [period]`: the read models only, no platform call and nobody's credential
 * (docs/architecture.md, "Commands"). All time ranks by rating; a week or a month by rating gained, from the
 * same totals and the same window as the weekly digest (docs/architecture.md, "The weekly digest"). Members
 * who left the server are left out as the digest leaves them out, the next ones moving up.
 */
export const serverLeaderboardList: PaginatedList<ServerLeaderboardDeps> = {
  name: "leaderboard-server",
  async renderPage(deps, { actor, query, page: asked }) {
    const guildId = requireServer(actor);
    const pageSize = serverLeaderboardPageSize;
    const period = readActivityPeriod(query);
    // The pages before this one, this one, and one row more, which tells whether another page follows.
    const wanted = (asked + 1) * pageSize + 1;
    // A page past the end (`page:` typed too high, or members left since) shows the last page instead.
    const shownPage = (rows: readonly unknown[]) =>
      asked > 0 && rows.length <= asked * pageSize
        ? Math.max(0, Math.ceil(rows.length / pageSize) - 1)
        : asked;
    const onPage = <Row>(rows: readonly Row[], page: number) =>
      rows.slice(page * pageSize, (page + 1) * pageSize);
    if (period === "all") {
      const members = checkMembers(deps, guildId, []);
      const rows = await readRowsStillHere({
        wanted,
        read: (limit, offset) => listServerLeaderboard(deps.db, { guildId, limit, offset }),
        isStillHere: (row) => members.isStillHere(row.userId),
      });
      const page = shownPage(rows);
      const reply = renderServerLeaderboard({
        rows: onPage(rows, page),
        page,
        pageSize,
        viewerUserId: actor.userId,
      });
      return { reply, hasMore: rows.length === wanted, page };
    }
    const window = readActivityWindow(period, deps.clock.now());
    const links = await listGuildLinks(deps.db, guildId);
    const members = checkMembers(deps, guildId, links);
    const rows = await readRowsStillHere({
      wanted,
      read: (limit, offset) => listMemberPeriodTotals(deps.db, { guildId, window, limit, offset }),
      isStillHere: (row) => members.isAnyStillHere(row.platformUserId),
    });
    const page = shownPage(rows);
    const reply = renderServerPeriodLeaderboard({
      period,
      window,
      rows: onPage(rows, page),
      // An account another member here also linked is shown as that member.
      members: links.filter((link) => !members.departed.has(link.userId)),
      page,
      pageSize,
      viewerUserId: actor.userId,
    });
    return { reply, hasMore: rows.length === wanted, page };
  },
};

function checkMembers(
  deps: ServerLeaderboardDeps,
  guildId: string,
  links: readonly LinkedMember[],
): DepartedMembers {
  return createDepartedMembers({ links, ...checkThroughPresence(deps.memberPresence, guildId, deps.logger) });
}
