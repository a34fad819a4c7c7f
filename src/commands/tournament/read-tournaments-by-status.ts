// GET /tournaments has no lookup by id or title, and the reference states no order for it (the sandbox lists
// the oldest start first), so one page of the whole list fills up with old completed tournaments once the
// platform has run more than a page of them. A search therefore reads status by status, each in pages of 100,
// within a bound of pages (docs/platform-assumptions.md, "Query parameters").
import {
  listLimitBounds,
  listTournaments,
  type PlatformCredential,
  type PlatformHttp,
  type Tournament,
  type TournamentStatus,
} from "../../api/index.js";

/** Every status, the current ones first: a member looks for these far more often than for a finished one. */
export const statusesCurrentFirst: readonly TournamentStatus[] = ["open", "active", "completed"];

export interface TournamentSearch {
  /** Read side by side, each to its last page or the bound; the answer keeps this order. */
  readonly statuses: readonly TournamentStatus[];
  /** Pages read at most for each status, so requests are at most statuses × pages. */
  readonly pagesPerStatus: number;
  /** Asked before each further page: true stops the search (enough found, or out of time). */
  readonly shouldStop: (found: readonly Tournament[]) => boolean;
}

/**
 * The tournaments read so far, in the order of `search.statuses` then the platform's own, each once. `found`
 * grows as pages come in, so a caller out of time can take what is there; `done` settles once every status
 * has stopped, rejecting with the first failed read (the other statuses' pages are in `found` all the same).
 */
export function readTournamentsByStatus(
  http: PlatformHttp,
  credential: PlatformCredential,
  search: TournamentSearch,
): { readonly found: () => readonly Tournament[]; readonly done: Promise<void> } {
  const byStatus = search.statuses.map((): Tournament[] => []);
  const seen = new Set<string>();
  const found = (): readonly Tournament[] => byStatus.flat();
  const limit = listLimitBounds.max;

  async function readStatus(status: TournamentStatus, into: Tournament[]): Promise<void> {
    for (let page = 0; page < search.pagesPerStatus && !search.shouldStop(found()); page += 1) {
      const answer = await listTournaments(http, credential, { status, limit, offset: page * limit });
      // A tournament that moved between pages (or statuses) while they were read would come twice.
      for (const tournament of answer.tournaments) {
        if (!seen.has(tournament.id)) into.push(tournament);
        seen.add(tournament.id);
      }
      // Shape A says whether more follow; shape B only shows it by a full page.
      const more = answer.hasMore ?? answer.tournaments.length >= limit;
      if (!more || answer.tournaments.length === 0) return;
    }
  }

  const done = Promise.allSettled(
    search.statuses.map((status, index) => readStatus(status, byStatus[index] ?? [])),
  ).then((results) => {
    const failed = results.find((result) => result.status === "rejected");
    if (failed !== undefined) throw failed.reason;
  });
  return { found, done };
}
