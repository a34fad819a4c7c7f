// user.achievement_earned: the achievement, its tier and points; the player is pinged
// (docs/architecture.md, "Webhooks in").
import { formatTier } from "../display/tier.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { formatPresentText, pluralise } from "./display-text.js";
import { maxProseLength, plainText } from "../display/platform-text.js";
import { nameUser, type RenderContext } from "./render-context.js";

export function renderAchievementEarned(
  event: PlatformEventOf<"user.achievement_earned">,
  context: RenderContext,
): Announcement {
  const { achievement, progress, user } = event.data;
  const name = formatPresentText(achievement.name);
  const about = formatPresentText(achievement.description, { maxLength: maxProseLength, multiline: true });
  const progressText =
    progress?.current === undefined || progress.required === undefined
      ? undefined
      : `${String(progress.current)}/${String(progress.required)}`;
  const earned = name === undefined ? "an achievement" : `**${name}**`;
  return {
    embed: {
      title: `🏅 Achievement unlocked${name === undefined ? "" : `: ${name}`}`,
      description:
        `${nameUser(user, context)} earned ${earned}.` + (about === undefined ? "" : `\n\n${about}`),
      color: announcementColours.achievement,
      fields: compactFields([
        {
          name: "Tier",
          value: achievement.tier === undefined ? undefined : plainText(formatTier(achievement.tier)),
        },
        {
          name: "Points",
          value: achievement.points === undefined ? undefined : pluralise(achievement.points, "point"),
        },
        { name: "Progress", value: progressText },
      ]),
      ...eventStamp(event),
    },
    ping: [user.id],
  };
}
