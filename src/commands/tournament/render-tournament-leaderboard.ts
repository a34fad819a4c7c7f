import { plainLabel, plainText, visibleText } from "../../display/platform-text.js";
import { toMilliseconds, type TournamentLeaderboard, type TournamentStanding } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { discordLimits } from "../../discord/discord-limits.js";
import { formatDuration } from "../../display/duration.js";

/** Rows shown before "… n more": readable on a phone and far inside the 4096-character description. */
export const leaderboardRowsShown = 20;
const usernameWidth = 16;
/** Wide enough for "12h 02m 05s". */
const timeWidth = 11;

export interface LeaderboardView {
  readonly tournamentId: string;
  /** Its title, when the platform's list named it; else the id is shown. */
  readonly tournamentTitle?: string | undefined;
  readonly leaderboard: TournamentLeaderboard;
  /** The member's linked platform account, to mark their row. */
  readonly viewerPlatformUserId: string | undefined;
}

// Inside a code block markdown is not read, but a backtick would end the block early, and bidi controls would
// still reorder the row: the cell is a label, not markdown.
function cell(text: string, width: number): string {
  return plainLabel(text.replaceAll("`", "'"), width).padEnd(width);
}

/** `totalTime` (seconds, assumed: src/api/assumptions.ts); "—" when the platform left it out. */
function formatTotalTime(totalTime: number | undefined): string {
  return totalTime === undefined ? "—" : formatDuration(toMilliseconds("totalTime", totalTime) / 1000);
}

function renderRow(standing: TournamentStanding, viewerId: string | undefined): string {
  const marker = standing.user.id === viewerId ? ">" : " ";
  return [
    `${marker}${String(standing.rank).padStart(4)}`,
    cell(standing.user.username, usernameWidth),
    String(standing.score).padStart(6),
    String(standing.problemsSolved ?? "—").padStart(6),
    formatTotalTime(standing.totalTime).padStart(timeWidth),
  ].join("  ");
}

const header = [" Rank", "User".padEnd(usernameWidth), " Score", "Solved", "Time".padStart(timeWidth)].join(
  "  ",
);

/** The standings table: the top rows, then the member's own row when it is further down. */
function renderTable(unordered: readonly TournamentStanding[], viewerId: string | undefined): string {
  const standings = [...unordered].sort((a, b) => a.rank - b.rank);
  const top = standings.slice(0, leaderboardRowsShown);
  const rows = top.map((standing) => renderRow(standing, viewerId));
  const own = standings.slice(leaderboardRowsShown).find((standing) => standing.user.id === viewerId);
  if (own !== undefined) rows.push("   …", renderRow(own, viewerId));
  // The member's own row, shown below the top, is not among the ones left out.
  const hidden = standings.length - top.length - (own === undefined ? 0 : 1);
  const more = hidden > 0 ? `\n… and ${hidden} more` : "";
  return `\`\`\`\n${[header, ...rows].join("\n")}\n\`\`\`${more}`;
}

// Shown in the Time column's own format (formatDuration), not a clock's "h:mm:ss" that the column never uses.
const timeFootnote = `Time is the total time taken, e.g. ${formatDuration(3725)} or ${formatDuration(0)}.`;

function describeOwnStanding({ userRank, userScore }: TournamentLeaderboard): string {
  // The platform sends 0 (or nothing) for a member who has not entered.
  if (userRank === undefined || userRank <= 0) return "You're not on this leaderboard.";
  return `Rank **#${userRank}** · **${userScore ?? 0}** points`;
}

/** `/tournament leaderboard` (docs/architecture.md, "Commands"): standings, with the member's own rank and score. */
export function renderTournamentLeaderboard(view: LeaderboardView): Reply {
  const { leaderboard, tournamentId, viewerPlatformUserId } = view;
  // A title that shows nothing (blank, invisible characters only) leaves the embed titled by the id.
  const named = view.tournamentTitle !== undefined && visibleText(view.tournamentTitle).trim() !== "";
  const title = named ? view.tournamentTitle : tournamentId;
  const description =
    leaderboard.leaderboard.length === 0
      ? "Nobody is on this leaderboard yet."
      : renderTable(leaderboard.leaderboard, viewerPlatformUserId);
  return {
    embeds: [
      {
        title: `Standings · ${plainText(title, { maxLength: discordLimits.embedTitle - 12 })}`,
        description,
        fields: [{ name: "You", value: describeOwnStanding(leaderboard) }],
        footer: { text: timeFootnote },
      },
    ],
  };
}
