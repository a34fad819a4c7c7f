// system.leaderboard_updated: the weekly top of the global leaderboard; linked members in it are pinged
// (docs/architecture.md, "Rendering").
import { plainText } from "../display/platform-text.js";
import { fitLines } from "../display/fit-lines.js";
import { formatRating } from "../display/rating.js";
import { formatTier } from "../display/tier.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import {
  announcementColours,
  compactFields,
  eventStamp,
  formatRank,
  listBudget,
  sortByRank,
} from "./announcement-style.js";

import { nameUser, type RenderContext } from "./render-context.js";
import { discordTimestamp } from "../display/discord-timestamp.js";

export function renderLeaderboardUpdated(
  event: PlatformEventOf<"system.leaderboard_updated">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const table = sortByRank(data.top).map((entry) => {
    const tier = entry.tier === undefined ? "" : ` · ${plainText(formatTier(entry.tier))}`;
    const name = nameUser({ id: entry.userId, username: entry.username }, context);
    return `${formatRank(entry.rank)} ${name} — ${formatRating(entry.rating)}${tier}`;
  });
  const period =
    data.periodStart === undefined || data.periodEnd === undefined
      ? undefined
      : `${discordTimestamp(data.periodStart, "D")} – ${discordTimestamp(data.periodEnd, "D")}`;
  return {
    embed: {
      title: "📊 Leaderboard updated",
      description: fitLines(table, listBudget, "The leaderboard is empty."),
      color: announcementColours.neutral,
      fields: compactFields([
        { name: "Period", value: period },
        { name: "Players shown", value: String(data.top.length) },
      ]),
      ...eventStamp(event),
    },
    ping: data.top.map((entry) => entry.userId),
  };
}
