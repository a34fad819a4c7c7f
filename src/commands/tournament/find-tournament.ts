import { listLimitBounds, listTournaments, type Tournament } from "../../api/index.js";
import type { PlatformCredential, PlatformHttp } from "../../api/http.js";

/**
 * One tournament as the platform lists it, read with the member's own credential. The platform has no
 * endpoint for a single tournament, so this reads one page of `GET /tournaments` (every status, the largest
 * page) and looks for the id: one bounded request. Undefined when it is not on that page or the read fails,
 * since what it adds (a title, a status) is never worth failing the answer for.
 */
export async function findTournament(
  http: PlatformHttp,
  credential: PlatformCredential,
  tournamentId: string,
): Promise<Tournament | undefined> {
  try {
    const { tournaments } = await listTournaments(http, credential, { limit: listLimitBounds.max });
    return tournaments.find((tournament) => tournament.id === tournamentId);
  } catch {
    return undefined;
  }
}
