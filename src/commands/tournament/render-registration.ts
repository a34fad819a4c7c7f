import { plainCode, plainText, visibleText } from "../../display/platform-text.js";
import type { TournamentRegistration } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

function describeTournament(registration: TournamentRegistration, tournamentId: string): string {
  const title = registration.tournamentTitle;
  // A title that shows nothing (empty, blank, invisible characters only) would leave bare `****`.
  return title === undefined || visibleText(title).trim() === ""
    ? `tournament ${plainCode(registration.tournamentId ?? tournamentId)}`
    : `**${plainText(title)}**`;
}

/** The answer to a registration, from either response shape (normalised by the API client). */
export function renderRegistration(registration: TournamentRegistration, tournamentId: string): Reply {
  const tournament = describeTournament(registration, tournamentId);
  if (!registration.registered) {
    return {
      content: `The platform did not confirm your registration for ${tournament}. Please try again.`,
      ephemeral: true,
    };
  }
  const details = [
    registration.registrationId === undefined
      ? undefined
      : `Registration ${plainCode(registration.registrationId)}`,
    registration.status === undefined ? undefined : plainText(registration.status),
    registration.registeredAt === undefined
      ? undefined
      : `registered ${discordTimestamp(Date.parse(registration.registeredAt), "R")}`,
  ].filter((part) => part !== undefined);
  const lines = [`You're registered for ${tournament}.`];
  if (details.length > 0) lines.push(`-# ${details.join(" · ")}`);
  return { content: lines.join("\n"), ephemeral: true };
}
