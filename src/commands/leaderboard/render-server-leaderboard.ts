import { listNameLength, plainText } from "../../display/platform-text.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { ServerLeaderboardRow } from "../../store/platform-users.js";
import { formatRating } from "../../display/rating.js";
import { formatTier } from "../../display/tier.js";

/** Each row's names cut short enough that a whole page fits the description (platform-text.ts). */
const listed = { maxLength: listNameLength };

export interface ServerLeaderboardPage {
  readonly rows: readonly ServerLeaderboardRow[];
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly viewerUserId: string;
}

const emptyServer =
  "No linked member has a known rating yet. Members appear here once they have linked and run `/rank`, " +
  "`/profile view` or `/stats`.";

/**
 * This server's linked members by rating, from the read model (docs/architecture.md, "Commands"). Members are
 * shown as mentions, which the reply helper sends with no allowed mentions, so nobody is pinged.
 */
export function renderServerLeaderboard({
  rows,
  page,
  pageSize,
  viewerUserId,
}: ServerLeaderboardPage): Reply {
  const lines = rows.map((row, index) => {
    const position = page * pageSize + index + 1;
    const line = [
      `**${String(position)}.** <@${row.userId}> (${plainText(row.username, listed)})`,
      formatRating(row.rating),
      plainText(formatTier(row.tier), listed),
    ].join(" · ");
    return row.userId === viewerUserId ? `${line} ← you` : line;
  });
  const empty = page === 0 ? emptyServer : "Nobody on this page: the list ends earlier.";
  return {
    embeds: [
      {
        title: "Server leaderboard",
        description: lines.length === 0 ? empty : lines.join("\n"),
        footer: { text: `Page ${String(page + 1)} · ratings as last seen by the bot` },
      },
    ],
  };
}
