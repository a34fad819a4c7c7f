// team.battle_completed: the teams ranked, the winning team, each team's linked members; every member is
// pinged (docs/architecture.md, "Rendering"). The event names members by platform id only, so unlinked ones
// are counted.
import { plainText } from "../display/platform-text.js";
import { fitLines } from "../display/fit-lines.js";
import {
  readWinner,
  type PlatformEventOf,
  type TeamBattleCompletedData,
  type TeamStanding,
} from "../events/index.js";
import type { Announcement } from "./announcement.js";
import {
  announcementColours,
  compactFields,
  eventStamp,
  formatRank,
  listBudget,
  sortByRank,
} from "./announcement-style.js";
import { formatLabel, formatPresentText } from "./display-text.js";
import type { RenderContext } from "./render-context.js";

/** Mentions listed per team line before the rest are counted, so one big team cannot fill the table. */
const mentionsPerTeam = 10;

export function renderTeamBattleCompleted(
  event: PlatformEventOf<"team.battle_completed">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const table = sortByRank(data.teams).map((team) => describeStanding(team, context));
  return {
    embed: {
      title: "🏁 Team battle finished",
      description: fitLines(table, listBudget, "No team took part."),
      color: announcementColours.victory,
      fields: compactFields([
        { name: "Winner", value: describeWinner(data) },
        { name: "Teams", value: String(data.teams.length) },
        { name: "Mode", value: formatLabel(data.mode) },
      ]),
      ...eventStamp(event, `Battle ${data.battleId}`),
    },
    ping: data.teams.flatMap((team) => team.memberIds),
  };
}

function teamName(team: TeamStanding): string {
  return formatPresentText(team.name) ?? plainText(team.teamId);
}

function describeStanding(team: TeamStanding, context: RenderContext): string {
  const score = team.score === undefined ? "" : ` — ${String(team.score)} pts`;
  const mentions = team.memberIds.flatMap((id) => {
    const discordId = context.mentions.get(id);
    return discordId === undefined ? [] : [`<@${discordId}>`];
  });
  const shown = mentions.slice(0, mentionsPerTeam);
  const others = team.memberIds.length - shown.length;
  const members = [...shown, ...(others > 0 ? [`${String(others)} other${others === 1 ? "" : "s"}`] : [])];
  return `${formatRank(team.rank)} **${teamName(team)}**${score}${members.length === 0 ? "" : ` · ${members.join(", ")}`}`;
}

/** Read as a player's battle is (battle-completed.ts): the team named, a draw, or the sole first place. */
function describeWinner(data: TeamBattleCompletedData): string | undefined {
  const firsts = data.teams.filter((team) => team.rank === 1).map((team) => team.teamId);
  const winner = readWinner(data.winnerTeamId, firsts);
  if (winner === undefined) return undefined;
  if (winner.draw) return "🤝 Draw";
  const team = data.teams.find((candidate) => candidate.teamId === winner.id);
  return `🏆 ${team === undefined ? plainText(winner.id) : teamName(team)}`;
}
