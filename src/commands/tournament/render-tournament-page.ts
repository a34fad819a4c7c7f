import { plainCode, plainText } from "../../display/platform-text.js";
import { ComponentType, type APIEmbedField } from "discord-api-types/v10";
import type { Tournament } from "../../api/index.js";
import type { Reply } from "../../discord/interaction-responder.js";
import { discordLimits } from "../../discord/discord-limits.js";
import { buildRegisterButtons } from "../../cards/tournament-register-buttons.js";
import type { TournamentFilter } from "./tournament-filter.js";
import { discordTimestamp } from "../../display/discord-timestamp.js";

/** Five per page, so every tournament on the page gets a Register button in one row. */
export const tournamentsPerPage = discordLimits.buttonsPerRow;

// Caps on the platform's free text, so five fields always fit the 6000-character embed whole: the list never
// loses a tournament whose Register button is still shown.
const textCaps = { id: 100, title: 100, status: 20, format: 40, prize: 200 } as const;

export interface TournamentPage {
  readonly tournaments: readonly Tournament[];
  readonly filter: TournamentFilter;
  /** 0-based. */
  readonly page: number;
}

/**
 * The start as each reader's own date and time, and how far off it is: both drawn by Discord as it is read,
 * so a list left in a channel stays right (a verb chosen when it was drawn, "Starts", would not).
 */
function describeStart(startsAt: string): string {
  const at = Date.parse(startsAt);
  return `Start: ${discordTimestamp(at, "f")} (${discordTimestamp(at, "R")})`;
}

function describeSeats({ participants, maxParticipants }: Tournament): string | undefined {
  if (participants === undefined && maxParticipants === undefined) return undefined;
  return `${participants ?? "?"}/${maxParticipants ?? "∞"} registered`;
}

function renderTournamentField(tournament: Tournament, position: number): APIEmbedField {
  const format =
    tournament.format === undefined
      ? undefined
      : plainText(tournament.format, { maxLength: textCaps.format });
  const status = plainText(tournament.status, { maxLength: textCaps.status });
  const kind = [status, format].filter((part) => part !== undefined).join(" · ");
  const schedule = [describeStart(tournament.startsAt), describeSeats(tournament)]
    .filter((part) => part !== undefined)
    .join(" · ");
  const lines = [`${plainCode(tournament.id, textCaps.id)} · ${kind}`, schedule];
  if (tournament.prize !== undefined) {
    lines.push(`Prize: ${plainText(tournament.prize, { maxLength: textCaps.prize })}`);
  }
  return {
    name: `${position}. ${plainText(tournament.title, { maxLength: textCaps.title })}`,
    value: lines.join("\n"),
  };
}

function describeFilter({ status, difficulty }: TournamentFilter): string {
  return difficulty === undefined ? status : `${status}, ${difficulty}`;
}

/** One page of `/tournament list` (docs/architecture.md, "Commands"): a field per tournament and a Register button per open one. */
export function renderTournamentPage({ tournaments, filter, page }: TournamentPage): Reply {
  const shown = tournaments.slice(0, tournamentsPerPage);
  const title = `Tournaments (${describeFilter(filter)})`;
  if (shown.length === 0) {
    const description =
      page === 0 ? `No ${describeFilter(filter)} tournaments right now.` : "No more tournaments.";
    return { embeds: [{ title, description }], components: [] };
  }
  const fields = shown.map((tournament, index) =>
    renderTournamentField(tournament, page * tournamentsPerPage + index + 1),
  );
  const buttons = buildRegisterButtons(shown);
  const footer =
    buttons.length > 0 ? { text: "Register with a button below, or with /tournament register." } : undefined;
  return {
    embeds: [{ title, fields, ...(footer === undefined ? {} : { footer }) }],
    components: buttons.length > 0 ? [{ type: ComponentType.ActionRow, components: buttons }] : [],
  };
}
