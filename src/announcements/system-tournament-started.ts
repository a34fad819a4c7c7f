// system.tournament_started (alias tournament.started): the tournament is on, with a Register button that
// the /tournament list handler answers (docs/architecture.md, "Rendering").
import { buildRegisterButton } from "../cards/tournament-register-buttons.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { formatLabel, formatPresentText } from "./display-text.js";
import { discordTimestamp } from "../display/discord-timestamp.js";

export function renderTournamentStarted(event: PlatformEventOf<"system.tournament_started">): Announcement {
  const { data } = event;
  const title = formatPresentText(data.title) ?? "A tournament";
  const ends = data.endsAt === undefined ? "" : ` It ends ${discordTimestamp(data.endsAt, "R")}.`;
  const seats =
    data.participants === undefined
      ? undefined
      : `${String(data.participants)}${data.maxParticipants === undefined ? "" : `/${String(data.maxParticipants)}`}`;
  const register = buildRegisterButton(data.tournamentId);
  return {
    embed: {
      title: `🏆 Tournament started: ${title}`,
      description: `**${title}** has begun!${ends}`,
      color: announcementColours.tournament,
      fields: compactFields([
        { name: "Format", value: formatLabel(data.format) },
        { name: "Difficulty", value: formatLabel(data.difficulty) },
        { name: "Players", value: seats },
        { name: "Prize", value: formatPresentText(data.prize) },
        {
          name: "Started",
          value: data.startsAt === undefined ? undefined : discordTimestamp(data.startsAt, "f"),
        },
        { name: "Ends", value: data.endsAt === undefined ? undefined : discordTimestamp(data.endsAt, "f") },
      ]),
      ...eventStamp(event, `Tournament ${data.tournamentId}`),
    },
    ...(register === undefined ? {} : { buttons: [register] }),
  };
}
