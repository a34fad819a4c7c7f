// battle.created: a new battle room, with a Join button (docs/architecture.md, "Rendering").
import { plainText } from "../display/platform-text.js";
import { displayLanguage } from "../display/language-name.js";
import { formatDuration } from "../display/duration.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { describeProblem, renderBattleFacts, renderJoinButton } from "./battle-details.js";

import { nameUser, type RenderContext } from "./render-context.js";

export function renderBattleCreated(
  event: PlatformEventOf<"battle.created">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const opener =
    data.createdBy === undefined
      ? "A new battle is open."
      : `${nameUser(data.createdBy, context)} opened a battle.`;
  const join = renderJoinButton(data.battleId);
  return {
    embed: {
      title: `⚔️ New battle: ${describeProblem(data.problem)}`,
      description: `${opener} Press **Join** or use \`/battle join\` to take a seat.`,
      color: announcementColours.battle,
      fields: [
        ...renderBattleFacts(data),
        ...compactFields([
          {
            name: "Language",
            value: data.language === undefined ? undefined : plainText(displayLanguage(data.language)),
          },
          {
            name: "Seats",
            value: data.maxParticipants === undefined ? undefined : String(data.maxParticipants),
          },
          {
            name: "Time limit",
            value: data.timeLimit === undefined ? undefined : formatDuration(data.timeLimit),
          },
        ]),
      ],
      ...eventStamp(event, `Battle ${data.battleId}`),
    },
    ...(join === undefined ? {} : { buttons: [join] }),
  };
}
