// system.maintenance_scheduled: when the platform will be down, in each reader's own time zone (Discord
// timestamps), with the platform's message (docs/architecture.md, "Rendering").
import { formatDuration } from "../display/duration.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { formatPresentText } from "./display-text.js";
import { maxProseLength } from "../display/platform-text.js";
import { discordTimestamp } from "../display/discord-timestamp.js";

export function renderMaintenanceScheduled(
  event: PlatformEventOf<"system.maintenance_scheduled">,
): Announcement {
  const { startsAt, endsAt, message } = event.data;
  const text = formatPresentText(message, { maxLength: maxProseLength, multiline: true });
  const when =
    startsAt === undefined
      ? "The platform has scheduled maintenance."
      : `The platform will be under maintenance from ${discordTimestamp(startsAt, "F")} (${discordTimestamp(startsAt, "R")}).`;
  const length =
    startsAt === undefined || endsAt === undefined || endsAt < startsAt
      ? undefined
      : formatDuration((endsAt - startsAt) / 1000);
  return {
    embed: {
      title: "🛠️ Maintenance scheduled",
      description: `${when}${text === undefined ? "" : `\n\n${text}`}`,
      color: announcementColours.maintenance,
      fields: compactFields([
        { name: "Starts", value: startsAt === undefined ? undefined : discordTimestamp(startsAt, "f") },
        { name: "Ends", value: endsAt === undefined ? undefined : discordTimestamp(endsAt, "f") },
        { name: "Expected length", value: length },
      ]),
      ...eventStamp(event),
    },
  };
}
