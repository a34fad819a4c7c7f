import { listTournaments } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { renderTournamentPage, tournamentsPerPage } from "./render-tournament-page.js";
import { decodeTournamentFilter } from "./tournament-filter.js";

/** The pages of `/tournament list`, read with the requester's credential through the API's limit/offset. */
export const tournamentListPages: PaginatedList<BotDependencies> = {
  name: "tournaments",
  async renderPage(deps, { actor, query, page }) {
    const { credential } = await getMemberSession(deps, actor);
    const filter = decodeTournamentFilter(query);
    // One more than a page tells whether ▶ leads anywhere: shape B lists carry no `hasMore` (the platform's
    // API reference).
    const { tournaments } = await listTournaments(deps.platform, credential, {
      status: filter.status,
      difficulty: filter.difficulty,
      limit: tournamentsPerPage + 1,
      offset: page * tournamentsPerPage,
    });
    return {
      reply: renderTournamentPage({ tournaments, filter, page }),
      hasMore: tournaments.length > tournamentsPerPage,
    };
  },
};
