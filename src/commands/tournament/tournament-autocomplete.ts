import { plainLabel, visibleText } from "../../display/platform-text.js";
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import { listLimitBounds, listTournaments, type Tournament, type TournamentStatus } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { getMemberSession } from "../../linking/member-credential.js";

function describeChoice(tournament: Tournament): string {
  const seats =
    tournament.participants === undefined || tournament.maxParticipants === undefined
      ? ""
      : `, ${tournament.participants}/${tournament.maxParticipants}`;
  // A title that shows nothing is named by the id, so the choice still says which tournament it is.
  const title = visibleText(tournament.title).trim() === "" ? tournament.id : tournament.title;
  return plainLabel(`${title} (${tournament.status}${seats})`, discordLimits.choiceName);
}

/** Tournaments whose title or id contains what the member typed, as autocomplete choices (value: the id). */
export function chooseTournaments(
  tournaments: readonly Tournament[],
  typed: string,
): APIApplicationCommandOptionChoice<string>[] {
  const needle = typed.trim().toLowerCase();
  return tournaments
    .filter((tournament) => tournament.id.length <= discordLimits.choiceValue)
    .filter(
      (tournament) =>
        tournament.title.toLowerCase().includes(needle) || tournament.id.toLowerCase().includes(needle),
    )
    .slice(0, discordLimits.autocompleteChoices)
    .map((tournament) => ({ name: describeChoice(tournament), value: tournament.id }));
}

/**
 * Suggestions for an `id` option, read with the member's own credential: open tournaments to register for, or
 * any status (no filter sent) for leaderboards. Unlinked members get no suggestions.
 */
export async function suggestTournaments(
  deps: BotDependencies,
  actor: ServerActor,
  input: { readonly typed: string; readonly status: TournamentStatus | undefined },
): Promise<APIApplicationCommandOptionChoice<string>[]> {
  const { credential } = await getMemberSession(deps, actor);
  const { tournaments } = await listTournaments(deps.platform, credential, {
    status: input.status,
    limit: listLimitBounds.max,
  });
  return chooseTournaments(tournaments, input.typed);
}
