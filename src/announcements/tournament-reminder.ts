// A tournament reminder's post (docs/architecture.md, "Tournament reminders"): the title, the start as Discord
// timestamps (each reader sees it in their own time zone, so no server time zone is needed), the format, the
// prize, the seats left, how many are interested in its scheduled event, and a Register button. It pings the server's reminder role and nothing else: the role
// travels apart from the body (`roleToPing`), so no platform text can name another.
import { ComponentType } from "discord-api-types/v10";
import { buildRegisterButton } from "../cards/tournament-register-buttons.js";
import { clampEmbed } from "../discord/message-limits.js";
import { discordTimestamp } from "../display/discord-timestamp.js";
import { plainLabel } from "../display/platform-text.js";
import type { RenderedMessage } from "../display/rendered-message.js";
import type { TournamentReminder } from "../store/tournament-reminders.js";
import { announcementColours, compactFields } from "./announcement-style.js";
import { formatLabel, formatPresentText, pluralise } from "./display-text.js";

export function renderTournamentReminder(
  reminder: Pick<TournamentReminder, "tournament">,
  roleId: string | null,
  /** Members interested in the tournament's scheduled event; undefined when it has none. */
  interested?: number,
): RenderedMessage {
  const { tournament } = reminder;
  const title = formatPresentText(tournament.title) ?? "A tournament";
  const starts = `${discordTimestamp(tournament.startsAt, "R")} (${discordTimestamp(tournament.startsAt, "F")})`;
  const register = buildRegisterButton(tournament.id);
  return {
    content: `${roleId === null ? "" : `<@&${roleId}> `}**${title}** starts ${discordTimestamp(tournament.startsAt, "R")}.`,
    embeds: [
      clampEmbed({
        title: `⏰ Starting soon: ${title}`,
        description: `**${title}** starts ${starts}.${register === undefined ? "" : " Register below."}`,
        color: announcementColours.tournament,
        fields: compactFields([
          { name: "Format", value: formatLabel(tournament.format ?? undefined) },
          { name: "Prize", value: formatPresentText(tournament.prize ?? undefined) },
          { name: "Seats left", value: describeSeats(tournament) },
          {
            name: "Interested",
            value: interested === undefined ? undefined : pluralise(interested, "member"),
          },
        ]),
        footer: { text: plainLabel(`Tournament ${tournament.id}`, 2048) },
      }),
    ],
    ...(register === undefined
      ? {}
      : { components: [{ type: ComponentType.ActionRow, components: [register] }] }),
    allowed_mentions: { parse: [] },
    ...(roleId === null ? {} : { roleToPing: roleId }),
  };
}

/** "62 of 64", or how many registered when the platform gave no limit. */
function describeSeats(tournament: TournamentReminder["tournament"]): string | undefined {
  const { participants, maxParticipants } = tournament;
  if (maxParticipants === null) {
    return participants === null ? undefined : `${pluralise(participants, "player")} registered`;
  }
  const left = Math.max(0, maxParticipants - (participants ?? 0));
  return participants === null
    ? `${String(maxParticipants)} in all`
    : `${String(left)} of ${String(maxParticipants)}`;
}
