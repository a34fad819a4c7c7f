import type { BotDependencies } from "../../bot-dependencies.js";
import { renderPageWithButtons } from "../../../discord/pagination.js";
import { deferPublicAnswer } from "../../../linking/require-linked-member.js";
import type { SubcommandContext, TournamentOptions } from "../tournament-arguments.js";
import { encodeTournamentFilter, readTournamentFilter } from "../tournament-filter.js";
import { tournamentListPages } from "../tournament-list-pages.js";

/**
 * `/tournament list [status] [difficulty]`. Public: tournaments are not personal data, and other members can
 * use the Register buttons (each registers themselves); only the requester turns the pages.
 */
export async function runTournamentList(
  deps: BotDependencies,
  { actor, responder }: SubcommandContext,
  options: TournamentOptions<"list">,
): Promise<void> {
  await deferPublicAnswer(deps, actor, responder);
  const query = encodeTournamentFilter(readTournamentFilter(options));
  await responder.reply(await renderPageWithButtons(deps, tournamentListPages, { actor, query, page: 0 }));
}
