import { listTournaments } from "../../api/index.js";
import type { BotDependencies } from "../bot-dependencies.js";
import type { PaginatedList } from "../../discord/pagination.js";
import { getMemberSession } from "../../linking/member-credential.js";
import { readHasMore, readWholePage } from "../read-whole-page.js";
import { renderTournamentPage, tournamentsPerPage } from "./render-tournament-page.js";
import { decodeTournamentFilter } from "./tournament-filter.js";

/** The pages of `/tournament list`, read with the requester's credential through the API's limit/offset. */
export const tournamentListPages: PaginatedList<BotDependencies> = {
  name: "tournaments",
  async renderPage(deps, { actor, query, page }) {
    const { credential } = await getMemberSession(deps, actor);
    const filter = decodeTournamentFilter(query);
    // One more than a page tells whether ▶ leads anywhere: shape B lists carry no `hasMore` (the platform's
    // API reference). Read whole, from where a short answer stopped while more follow (read-whole-page.ts).
    const read = await readWholePage(
      async (window) => {
        const answer = await listTournaments(deps.platform, credential, {
          status: filter.status,
          difficulty: filter.difficulty,
          ...window,
        });
        const { tournaments } = answer;
        return { items: tournaments, hasMore: readHasMore(answer, window.offset, tournaments.length) };
      },
      { limit: tournamentsPerPage + 1, offset: page * tournamentsPerPage },
    );
    const tournaments = read.items;
    return {
      reply: renderTournamentPage({ tournaments, filter, page }),
      hasMore: tournaments.length > tournamentsPerPage || read.hasMore === true,
    };
  },
};
