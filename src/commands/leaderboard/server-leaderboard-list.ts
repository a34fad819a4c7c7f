import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import { listServerLeaderboard } from "../../store/platform-users.js";
import { renderServerLeaderboard } from "./render-server-leaderboard.js";

export const serverLeaderboardPageSize = 10;

/** `/leaderboard server`: the read model only, no platform call and nobody's credential (docs/architecture.md, "Commands"). */
export const serverLeaderboardList: PaginatedList<BotDependencies> = {
  name: "leaderboard-server",
  async renderPage(deps, { actor, page }) {
    const pageSize = serverLeaderboardPageSize;
    // One row more than shown tells whether another page follows.
    const rows = await listServerLeaderboard(deps.db, {
      guildId: actor.guildId,
      limit: pageSize + 1,
      offset: page * pageSize,
    });
    return {
      reply: renderServerLeaderboard({
        rows: rows.slice(0, pageSize),
        page,
        pageSize,
        viewerUserId: actor.userId,
      }),
      hasMore: rows.length > pageSize,
    };
  },
};
