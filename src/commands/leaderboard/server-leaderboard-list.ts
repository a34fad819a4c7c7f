import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import {
  readActivityPeriod,
  readActivityWindow,
  type ActivityPeriod,
} from "../../display/activity-period.js";
import { listMemberPeriodTotals } from "../../store/member-activity-periods.js";
import { listGuildLinks } from "../../store/linked-members.js";
import { listServerLeaderboard } from "../../store/platform-users.js";
import { renderServerLeaderboard } from "./render-server-leaderboard.js";
import { renderServerPeriodLeaderboard } from "./render-server-period-leaderboard.js";
import { requireServer } from "../../discord/require-server.js";

export const serverLeaderboardPageSize = 10;

/** The buttons' query for a period: empty for all time, so the all-time list's buttons read as before. */
export function serverListQuery(period: ActivityPeriod): string {
  return period === "all" ? "" : period;
}

/**
 * `/leaderboard server [period]`: the read models only, no platform call and nobody's credential
 * (docs/architecture.md, "Commands"). All time ranks by rating; a week or a month by rating gained, from the
 * same totals and the same window as the weekly digest (docs/architecture.md, "The weekly digest").
 */
export const serverLeaderboardList: PaginatedList<BotDependencies> = {
  name: "leaderboard-server",
  async renderPage(deps, { actor, query, page }) {
    const guildId = requireServer(actor);
    const pageSize = serverLeaderboardPageSize;
    const period = readActivityPeriod(query);
    // One row more than shown tells whether another page follows.
    const limit = pageSize + 1;
    const offset = page * pageSize;
    if (period === "all") {
      const rows = await listServerLeaderboard(deps.db, { guildId, limit, offset });
      const reply = renderServerLeaderboard({
        rows: rows.slice(0, pageSize),
        page,
        pageSize,
        viewerUserId: actor.userId,
      });
      return { reply, hasMore: rows.length > pageSize };
    }
    const window = readActivityWindow(period, deps.clock.now());
    const rows = await listMemberPeriodTotals(deps.db, { guildId, window, limit, offset });
    const reply = renderServerPeriodLeaderboard({
      period,
      window,
      rows: rows.slice(0, pageSize),
      members: await listGuildLinks(deps.db, guildId),
      page,
      pageSize,
      viewerUserId: actor.userId,
    });
    return { reply, hasMore: rows.length > pageSize };
  },
};
