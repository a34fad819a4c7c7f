import { getGlobalLeaderboard } from "../../api/leaderboards.js";
import type { GlobalLeaderboard } from "../../api/schemas/leaderboard.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { readHasMore, readWholePage } from "../read-whole-page.js";
import { rememberPlatformUser } from "../rank/remember-platform-user.js";
import { countGlobalPages, renderGlobalLeaderboard } from "./render-global-leaderboard.js";

export const globalLeaderboardPageSize = 10;

/** Whether a page follows: the platform's `hasMore`, else its `total`, else a full page. */
export function hasMoreRankings(board: GlobalLeaderboard, page: number, pageSize: number): boolean {
  return readHasMore(board, page * pageSize, pageSize) ?? board.rankings.length === pageSize;
}

/**
 * `/leaderboard global`, a page at a time with the requester's credential (only they can turn pages). The
 * ratings seen are public, so they also refresh the read model behind /leaderboard server
 * (docs/architecture.md, "Commands").
 */
export const globalLeaderboardList: PaginatedList<BotDependencies> = {
  name: "leaderboard-global",
  async renderPage(deps, { actor, page: asked }) {
    const { link, credential } = await getMemberSession(deps, actor);
    const pageSize = globalLeaderboardPageSize;
    // Read whole, from where a short answer stopped while more follow (read-whole-page.ts).
    const read = async (page: number): Promise<GlobalLeaderboard> => {
      let total: number | undefined;
      const whole = await readWholePage(
        async (window) => {
          const board = await getGlobalLeaderboard(deps.platform, credential, window);
          total ??= board.total;
          return { items: board.rankings, hasMore: readHasMore(board, window.offset, board.rankings.length) };
        },
        { limit: pageSize, offset: page * pageSize },
      );
      return { rankings: whole.items, total, hasMore: whole.hasMore };
    };
    let page = asked;
    let board = await read(page);
    // A page past the end (`page:` typed too high, or the list shrank since) shows the last page instead,
    // when the platform gives its total: otherwise only ◀ leads back, a page and a request of the member's
    // plan at a time.
    const pages = countGlobalPages(board, pageSize);
    if (board.rankings.length === 0 && pages !== undefined && pages - 1 < page) {
      page = pages - 1;
      board = await read(page);
    }
    for (const { user } of board.rankings) {
      await rememberPlatformUser(deps, {
        platformUserId: user.id,
        username: user.username,
        rating: user.rating,
        tier: user.tier,
      });
    }
    // The list is public, so "← you" would show everyone in a group DM, or in a server that did not install
    // the bot, which account the member's personal link is: marked only in a server or the bot's DM.
    const marked = actor.guildId !== undefined || actor.inBotDm === true;
    return {
      reply: renderGlobalLeaderboard({
        board,
        page,
        pageSize,
        viewerPlatformUserId: marked ? link.platformUserId : undefined,
      }),
      hasMore: hasMoreRankings(board, page, pageSize),
      page,
    };
  },
};
