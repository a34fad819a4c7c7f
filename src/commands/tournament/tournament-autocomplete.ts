import { plainLabel, visibleText } from "../../display/platform-text.js";
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import type { Tournament, TournamentStatus } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { withinBudget } from "../../discord/within-budget.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { readTournamentsByStatus, statusesCurrentFirst } from "./read-tournaments-by-status.js";

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

/** Pages read at most per status for suggestions: two round trips, at most 6 requests. */
export const suggestionPagesPerStatus = 2;

/**
 * How long the pages are read before the choices are made from those that came: under the dispatcher's 2 s
 * for suggestions (docs/architecture.md, "The 3-second deadline"), so a slow later page never costs the
 * member every choice.
 */
export const suggestionReadBudgetMs = 1_500;

/**
 * Suggestions for an `id` option, read with the member's own credential: open tournaments to register for, or
 * every status, the current ones first, for leaderboards (docs/platform-assumptions.md, "Query parameters").
 * Unlinked members get no suggestions.
 */
export async function suggestTournaments(
  deps: BotDependencies,
  actor: ServerActor,
  input: { readonly typed: string; readonly status: TournamentStatus | undefined },
): Promise<APIApplicationCommandOptionChoice<string>[]> {
  const { credential } = await getMemberSession(deps, actor);
  let outOfTime = false;
  const statuses = input.status === undefined ? statusesCurrentFirst : [input.status];
  const search = readTournamentsByStatus(deps.platform, credential, {
    statuses,
    pagesPerStatus: suggestionPagesPerStatus,
    // Every status side by side: two round trips fit the budget, three might not.
    concurrency: statuses.length,
    shouldStop: (found) =>
      outOfTime || chooseTournaments(found, input.typed).length >= discordLimits.autocompleteChoices,
  });
  const settled = search.done.then(
    () => ({ failure: undefined }),
    (error: unknown) => ({ failure: { error } }),
  );
  const outcome = await withinBudget(settled, suggestionReadBudgetMs);
  outOfTime = true;
  const choices = chooseTournaments(search.found(), input.typed);
  // A failed read with nothing to show is the platform's error, answered no choices by the dispatcher.
  if (outcome?.failure !== undefined && choices.length === 0) throw outcome.failure.error;
  return choices;
}
