import { plainLabel, visibleText } from "../../display/platform-text.js";
import type { APIApplicationCommandOptionChoice } from "discord-api-types/v10";
import type { PlatformCredential } from "../../api/http.js";
import type { Tournament, TournamentStatus } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import { discordLimits } from "../../discord/discord-limits.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import { withinBudget } from "../../discord/within-budget.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { keepMemberReads } from "../member-reads.js";
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
 * How long one member's read serves their next suggestions. Discord asks again at nearly every keystroke, and
 * each read is up to 6 requests against the member's own platform quota (as low as 100 an hour); the choices
 * of a minute ago are still the right ones to type through.
 */
export const suggestionListTtlMs = 60_000;

/**
 * One member's read of the lists, shared by the suggestions asked for while it runs and for a minute after.
 */
interface ListRead {
  readonly found: () => readonly Tournament[];
  readonly done: Promise<{ readonly failure?: { readonly error: unknown } }>;
}

const readsOf = keepMemberReads<ListRead>(suggestionListTtlMs);

/**
 * The lists of `statuses` as the member may read them: a read of theirs still running or done within the
 * last minute, or a new one. A read stopped by the budget, or failed, serves only the suggestions that waited
 * for it: the next asks again.
 */
function readLists(
  deps: Pick<BotDependencies, "platform" | "clock">,
  credential: PlatformCredential,
  key: string,
  statuses: readonly TournamentStatus[],
): ListRead {
  const http = deps.platform;
  const reads = readsOf(http, deps.clock);
  const running = reads.get(key);
  if (running !== undefined) return running;
  let outOfTime = false;
  const search = readTournamentsByStatus(http, credential, {
    statuses,
    pagesPerStatus: suggestionPagesPerStatus,
    // Every status side by side: two round trips fit the budget, three might not.
    concurrency: statuses.length,
    shouldStop: () => outOfTime,
  });
  const stop = setTimeout(() => {
    outOfTime = true;
  }, suggestionReadBudgetMs);
  stop.unref();
  const read: ListRead = {
    found: search.found,
    done: search.done.then(
      () => ({}),
      (error: unknown) => ({ failure: { error } }),
    ),
  };
  void read.done.then(({ failure }) => {
    clearTimeout(stop);
    // Only this read: a newer one may hold the key by now.
    if ((failure !== undefined || outOfTime) && reads.peek(key) === read) reads.delete(key);
  });
  reads.set(key, read);
  return read;
}

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
  const { link, credential } = await getMemberSession(deps, actor);
  const statuses = input.status === undefined ? statusesCurrentFirst : [input.status];
  const read = readLists(deps, credential, `${link.platformUserId}\n${statuses.join(",")}`, statuses);
  const outcome = await withinBudget(read.done, suggestionReadBudgetMs);
  const choices = chooseTournaments(read.found(), input.typed);
  // A failed read with nothing to show is the platform's error, answered no choices by the dispatcher.
  if (outcome?.failure !== undefined && choices.length === 0) throw outcome.failure.error;
  return choices;
}
