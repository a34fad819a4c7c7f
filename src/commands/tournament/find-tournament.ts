import type { Tournament } from "../../api/index.js";
import type { PlatformCredential, PlatformHttp } from "../../api/http.js";
import { readTournamentsByStatus, statusesCurrentFirst } from "./read-tournaments-by-status.js";

/** Pages read at most per status: 300 tournaments of each, at most 9 requests, stopping once it is found. */
export const findPagesPerStatus = 3;

/**
 * List requests open at once with the member's credential: the open and the active tournaments' first pages
 * go together (a member's tournament is nearly always on one of them), each further page once one is answered.
 */
const findConcurrency = 2;

/**
 * One tournament as the platform lists it, read with the member's own credential. The platform has no
 * endpoint for a single tournament, so this reads `GET /tournaments` by status, two pages at a time, until
 * the id turns up (docs/platform-assumptions.md, "Query parameters"). Undefined when it is not within those pages
 * or a read fails, since what it adds (a title, a status) is never worth failing the answer for.
 */
export async function findTournament(
  http: PlatformHttp,
  credential: PlatformCredential,
  tournamentId: string,
): Promise<Tournament | undefined> {
  const has = (tournaments: readonly Tournament[]) => tournaments.find(({ id }) => id === tournamentId);
  const search = readTournamentsByStatus(http, credential, {
    statuses: statusesCurrentFirst,
    pagesPerStatus: findPagesPerStatus,
    concurrency: findConcurrency,
    shouldStop: (found) => has(found) !== undefined,
  });
  try {
    await search.done;
  } catch {
    // A status that failed may not be the one it is in: what the others found still counts.
  }
  return has(search.found());
}
