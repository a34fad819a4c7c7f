// battle.started: the battle is live with its players; they are pinged (docs/architecture.md, "Rendering").
import { fitLines } from "../display/fit-lines.js";
import { formatDuration } from "../display/duration.js";
import { formatRating } from "../display/rating.js";
import { discordLimits } from "../discord/discord-limits.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { describeProblem, renderBattleFacts } from "./battle-details.js";
import { nameUser, type RenderContext } from "./render-context.js";
import { discordTimestamp } from "../display/discord-timestamp.js";

export function renderBattleStarted(
  event: PlatformEventOf<"battle.started">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const players = data.participants.map((player) => {
    const rating = player.rating === undefined ? "" : ` (${formatRating(player.rating)})`;
    return `• ${nameUser({ id: player.userId, username: player.username }, context)}${rating}`;
  });
  const ends = data.endsAt === undefined ? "" : ` It ends ${discordTimestamp(data.endsAt, "R")}.`;
  return {
    embed: {
      title: `🟢 Battle started: ${describeProblem(data.problem)}`,
      description: `The battle is live.${ends} Good luck!`,
      color: announcementColours.live,
      fields: [
        {
          name: `Players (${String(data.participants.length)})`,
          value: fitLines(players, discordLimits.embedFieldValue, "Nobody yet"),
        },
        ...renderBattleFacts(data),
        ...compactFields([
          {
            name: "Time limit",
            value: data.timeLimit === undefined ? undefined : formatDuration(data.timeLimit),
          },
        ]),
      ],
      ...eventStamp(event, `Battle ${data.battleId}`),
    },
    ping: data.participants.map((player) => player.userId),
  };
}
