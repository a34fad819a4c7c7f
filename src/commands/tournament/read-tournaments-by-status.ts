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
  /** Read in turn, each to its last page or the bound; the answer keeps this order. */
  readonly statuses: readonly TournamentStatus[];
  /** Pages read at most for each status, so requests are at most statuses × pages. */
  readonly pagesPerStatus: number;
  /**
   * List requests open at once, at most (all with one member's credential). The next request goes to the
   * status with the fewest pages asked for, the earlier one on a tie; a status's pages go one after another.
   */
  readonly concurrency: number;
  /** Asked before each further page: true stops the search (enough found, or out of time). */
  readonly shouldStop: (found: readonly Tournament[]) => boolean;
}

/**
 * The tournaments read so far, in the order of `search.statuses` then the platform's own, each once. `found`
 * grows as pages come in, so a caller out of time can take what is there; `done` settles once no more pages
 * are read, rejecting with the first failed read (a status whose read failed is read no further; the other
 * statuses' pages are in `found` all the same).
 */
export function readTournamentsByStatus(
  http: PlatformHttp,
  credential: PlatformCredential,
  search: TournamentSearch,
): { readonly found: () => readonly Tournament[]; readonly done: Promise<void> } {
  const statuses = search.statuses.map((status) => ({
    status,
    tournaments: [] as Tournament[],
    pagesAsked: 0,
    /** Where its next page starts: after the tournaments its pages held, however many a page served. */
    offset: 0,
    reading: false,
    finished: false,
  }));
  type StatusRead = (typeof statuses)[number];
  const seen = new Set<string>();
  const found = (): readonly Tournament[] => statuses.flatMap((each) => each.tournaments);
  const limit = listLimitBounds.max;
  const failures: unknown[] = [];

  function pickNext(): StatusRead | undefined {
    let next: StatusRead | undefined;
    for (const each of statuses) {
      if (each.reading || each.finished || each.pagesAsked >= search.pagesPerStatus) continue;
      if (next === undefined || each.pagesAsked < next.pagesAsked) next = each;
    }
    return next;
  }

  async function readPage(read: StatusRead): Promise<void> {
    read.pagesAsked += 1;
    const answer = await listTournaments(http, credential, {
      status: read.status,
      limit,
      offset: read.offset,
    });
    read.offset += answer.tournaments.length;
    // A tournament that moved between pages (or statuses) while they were read would come twice.
    for (const tournament of answer.tournaments) {
      if (!seen.has(tournament.id)) read.tournaments.push(tournament);
      seen.add(tournament.id);
    }
    // Shape A says whether more follow; shape B only shows it by a full page.
    const more = answer.hasMore ?? answer.tournaments.length >= limit;
    if (!more || answer.tournaments.length === 0) read.finished = true;
  }

  /** Reads pages while one is left to ask for; a status being read by another reader is left to it. */
  async function reader(): Promise<void> {
    for (let read = pickNext(); read !== undefined && !search.shouldStop(found()); read = pickNext()) {
      read.reading = true;
      try {
        await readPage(read);
      } catch (error) {
        failures.push(error);
        read.finished = true;
      } finally {
        read.reading = false;
      }
    }
  }

  const readers = Math.max(1, Math.min(search.concurrency, statuses.length));
  const done = Promise.all(Array.from({ length: readers }, reader)).then(() => {
    if (failures.length > 0) throw failures[0];
  });
  return { found, done };
}
