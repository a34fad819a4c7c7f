// battle.completed: the results, as a ranked table with the winner, duration and problem; the players are
// pinged (docs/architecture.md, "Rendering").
import { fitLines } from "../display/fit-lines.js";
import { formatDuration } from "../display/duration.js";
import {
  isLostAlone,
  readWinner,
  type BattleCompletedData,
  type BattleParticipant,
  type PlatformEventOf,
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
import { describeProblem, renderBattleFacts } from "./battle-details.js";
import { nameUser, type RenderContext } from "./render-context.js";

export function renderBattleCompleted(
  event: PlatformEventOf<"battle.completed">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const name = (player: PlayerName): string =>
    nameUser({ id: player.userId, username: player.username }, context);
  const table = sortByRank(data.participants).map(
    (player) => `${formatRank(player.rank)} ${name(player)}${describeResult(player)}`,
  );
  return {
    embed: {
      title: `🏁 Battle finished: ${describeProblem(data.problem)}`,
      description: fitLines(table, listBudget, "Nobody took part."),
      color: announcementColours.victory,
      fields: [
        ...compactFields([
          { name: "Winner", value: describeWinner(data, name) },
          {
            name: "Duration",
            value: data.duration === undefined ? undefined : formatDuration(data.duration),
          },
          { name: "Players", value: String(data.participants.length) },
        ]),
        ...renderBattleFacts(data),
      ],
      ...eventStamp(event, `Battle ${data.battleId}`),
    },
    ping: data.participants.map((player) => player.userId),
  };
}

type PlayerName = Pick<BattleParticipant, "userId" | "username">;

/** " — 100 pts · 7 min": the score and how long the best submission took, as far as the event says. */
function describeResult(player: BattleParticipant): string {
  const score = player.score === undefined ? "" : ` — ${String(player.score)} pts`;
  const time = player.submissionTime === undefined ? "" : ` · ${formatDuration(player.submissionTime)}`;
  return `${score}${time}`;
}

/**
 * The winner by name; "Draw" when the platform says there is none, or, silent, when first place is shared; the
 * sole first place if it is silent (readWinner, as the weekly digest counts it). A battle of one player that
 * the platform says nobody won has no winner, not a draw (isLostAlone; the digest counts it lost).
 */
function describeWinner(data: BattleCompletedData, name: (player: PlayerName) => string): string | undefined {
  const firsts = data.participants.filter((player) => player.rank === 1).map((player) => player.userId);
  const winner = readWinner(data.winner, firsts);
  if (winner === undefined) return undefined;
  if (isLostAlone(data)) return "No winner";
  if (winner.draw) return "🤝 Draw";
  const player = data.participants.find((candidate) => candidate.userId === winner.id);
  return `🏆 ${name(player ?? { userId: winner.id, username: undefined })}`;
}
