import { listNameLength, plainText } from "../../display/platform-text.js";
import type { GlobalLeaderboard, GlobalRanking } from "../../api/schemas/leaderboard.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { formatRating } from "../../display/rating.js";
import { formatTier } from "../../display/tier.js";

/** Each row's names cut short enough that a whole page fits the description (platform-text.ts). */
const listed = { maxLength: listNameLength };

export interface GlobalLeaderboardPage {
  readonly board: GlobalLeaderboard;
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
  /** The requester's platform account, marked in the list when it appears. */
  readonly viewerPlatformUserId: string | undefined;
}

function renderRankingLine(ranking: GlobalRanking, viewerPlatformUserId: string | undefined): string {
  const parts = [
    `**#${String(ranking.rank)}** ${plainText(ranking.user.username, listed)}`,
    formatRating(ranking.user.rating),
    plainText(formatTier(ranking.user.tier), listed),
  ];
  if (ranking.winRate !== undefined) parts.push(`${String(Math.round(ranking.winRate * 100))}% won`);
  if (ranking.battlesWon !== undefined)
    parts.push(`${String(ranking.battlesWon)} ${ranking.battlesWon === 1 ? "win" : "wins"}`);
  const line = parts.join(" · ");
  return ranking.user.id === viewerPlatformUserId ? `${line} ← you` : line;
}

function describeEmptyPage(page: number): string {
  return page === 0 ? "The leaderboard is empty." : "Nobody on this page: the leaderboard ends earlier.";
}

/** How many pages the platform's `total` makes (at least one); undefined when it gives none. */
export function countGlobalPages(board: GlobalLeaderboard, pageSize: number): number | undefined {
  return board.total === undefined ? undefined : Math.max(1, Math.ceil(board.total / pageSize));
}

/** One page of GET /leaderboards/global (docs/architecture.md, "Commands"). */
export function renderGlobalLeaderboard({
  board,
  page,
  pageSize,
  viewerPlatformUserId,
}: GlobalLeaderboardPage): Reply {
  const lines = board.rankings.map((ranking) => renderRankingLine(ranking, viewerPlatformUserId));
  const pages = countGlobalPages(board, pageSize);
  const footer = [
    pages === undefined ? `Page ${String(page + 1)}` : `Page ${String(page + 1)} of ${String(pages)}`,
    ...(board.total === undefined ? [] : [`${String(board.total)} players`]),
  ].join(" · ");
  return {
    embeds: [
      {
        title: "Global leaderboard",
        description: lines.length === 0 ? describeEmptyPage(page) : lines.join("\n"),
        footer: { text: footer },
      },
    ],
  };
}
