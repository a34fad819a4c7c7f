import { formatBattleRecord } from "../../display/battle-record.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";
import { periodLabels, type WindowPeriod } from "../../display/activity-period.js";
import { listNameLength, plainText } from "../../display/platform-text.js";
import { formatRating, formatRatingChange } from "../../display/rating.js";
import type { Reply } from "../../discord/interaction-responder.js";
import type { ActivityWindow, MemberPeriodTotals } from "../../store/member-activity-periods.js";
import type { LinkedMember } from "../../store/member-links.js";

/** Each row's names cut short enough that a whole page fits the description (platform-text.ts). */
const listed = { maxLength: listNameLength };

export interface ServerPeriodLeaderboardPage {
  readonly period: WindowPeriod;
  readonly window: ActivityWindow;
  readonly rows: readonly MemberPeriodTotals[];
  /** The guild's links, oldest first: who each platform account is here. */
  readonly members: readonly Pick<LinkedMember, "userId" | "platformUserId" | "platformUsername">[];
  /** 0-based. */
  readonly page: number;
  readonly pageSize: number;
  readonly viewerUserId: string;
}

/**
 * This server's linked members by rating gained over the last week or month, from the activity the bot
 * recorded (docs/architecture.md, "The weekly digest"): the weekly digest's numbers, in full. Members are shown
 * as mentions, which the reply helper sends with no allowed mentions, so nobody is pinged.
 */
export function renderServerPeriodLeaderboard(input: ServerPeriodLeaderboardPage): Reply {
  const { rows, page, pageSize, period } = input;
  const members = new Map<string, Pick<LinkedMember, "userId" | "platformUsername">>();
  for (const member of input.members) {
    if (!members.has(member.platformUserId)) members.set(member.platformUserId, member);
  }
  const lines = rows.map((row, index) => {
    const member = members.get(row.platformUserId);
    const who =
      member === undefined
        ? plainText(row.platformUserId, listed)
        : `<@${member.userId}> (${plainText(member.platformUsername, listed)})`;
    const parts = [
      `**${String(page * pageSize + index + 1)}.** ${who}`,
      `**${formatRatingChange(row.ratingChange)}**`,
      ...(row.latestRating === null ? [] : [`now ${formatRating(row.latestRating)}`]),
      ...(row.battlesPlayed === 0 ? [] : [formatBattleRecord(row.battlesWon, row.battlesPlayed)]),
    ];
    const line = parts.join(" · ");
    return member?.userId === input.viewerUserId ? `${line} ← you` : line;
  });
  const empty =
    page === 0
      ? `No linked member changed rating or played a battle in ${periodLabels[period]}.`
      : "Nobody on this page: the list ends earlier.";
  return {
    embeds: [
      {
        title: `Server leaderboard: ${periodLabels[period]}`,
        description: [
          `Rating gained since ${discordTimestamp(input.window.from, "f")}`,
          lines.length === 0 ? empty : lines.join("\n"),
        ].join("\n\n"),
        footer: { text: `Page ${String(page + 1)} · /leaderboard server period:all ranks by rating` },
      },
    ],
  };
}
