import { plainText } from "../../display/platform-text.js";
import type { BattleDetails } from "../../api/index.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { describeProgress } from "../../cards/battle-progress.js";
import { fitLines } from "../../display/fit-lines.js";
import { formatDuration } from "../../display/duration.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

function describeTimeLeft(details: BattleDetails, now: number): string | undefined {
  if (details.timeRemaining === undefined || details.status === "completed") return undefined;
  const left = Math.max(0, details.timeRemaining);
  if (details.status === "waiting") return `${formatDuration(left)} once the battle starts`;
  return `${formatDuration(left)} (ends ${discordTimestamp(now + left * 1000, "R")})`;
}

/** `/battle status`: participants, time remaining and the live leaderboard (docs/architecture.md, "Commands"). */
export function renderBattleStatus(details: BattleDetails, now: number, ephemeral: boolean): Reply {
  const endsAt =
    details.status === "active" && details.timeRemaining !== undefined
      ? now + details.timeRemaining * 1000
      : undefined;
  const look = describeProgress({ status: details.status, participants: [], endsAt });
  const timeLeft = describeTimeLeft(details, now);
  const participants = details.participants.map(
    (player) => `• ${plainText(player.username)}${player.rating === undefined ? "" : ` (${player.rating})`}`,
  );
  const standings = details.leaderboard.map(
    (entry, index) =>
      `${index + 1}. ${plainText(entry.username)} — ${entry.score} pts · ` +
      `${entry.submissions} submission${entry.submissions === 1 ? "" : "s"}`,
  );
  const limit = discordLimits.embedFieldValue;
  return {
    ephemeral,
    embeds: [
      {
        title: `Battle ${plainText(details.id)}`,
        color: look.color,
        fields: [
          { name: "Status", value: look.label, inline: true },
          { name: "Type", value: plainText(details.type), inline: true },
          ...(timeLeft === undefined ? [] : [{ name: "Time remaining", value: timeLeft, inline: true }]),
          {
            name: `Participants (${details.participants.length})`,
            value: fitLines(participants, limit, "Nobody yet"),
          },
          { name: "Leaderboard", value: fitLines(standings, limit, "No submissions yet") },
        ],
      },
    ],
  };
}
