// The platform's open tournaments, every page (the platform's API reference, "Endpoints › Tournaments":
// `GET /tournaments?status=open` with limit and offset). The platform announces no new tournament, so
// reminders read them (docs/architecture.md, "Tournament reminders"). The active ones are read the same way
// while a server shows a started tournament's event, to keep its end truthful ("Tournament events").
import {
  listTournamentsTolerantly,
  listLimitBounds,
  type PlatformCredential,
  type PlatformHttp,
} from "../api/index.js";
import type { Tournament, UnreadableTournament } from "../api/schemas/tournament.js";

/** Pages read at most per server and read: 1,000 open tournaments, far more than a platform runs at once. */
export const maxTournamentPages = 10;

export interface OpenTournaments {
  readonly tournaments: readonly Tournament[];
  /**
   * True when the last page was read (shape A's `hasMore` false, or in shape B an empty page): only then does a
   * tournament's absence mean it left the open list (started, cancelled). False when the read stopped at
   * `maxTournamentPages`, or an item came without an id (it may be a tournament the bot already has rows
   * for), or in shape B a page held only tournaments already read.
   */
  readonly complete: boolean;
  /**
   * Items the platform listed that the bot could not read (no start, no title): left out, and logged; one
   * with an id still counts as listed (`listedIdsOf`), so it is not taken as gone.
   */
  readonly unreadable: readonly UnreadableTournament[];
}

/** The ids of every tournament the read listed, those it could not read included. */
export function listedIdsOf(read: OpenTournaments): Set<string> {
  return new Set([
    ...read.tournaments.map((tournament) => tournament.id),
    ...read.unreadable.flatMap((item) => (item.id === undefined ? [] : [item.id])),
  ]);
}

export function readOpenTournaments(
  http: PlatformHttp,
  credential: PlatformCredential,
): Promise<OpenTournaments> {
  return readEveryTournamentIn(http, credential, "open");
}

/** Every page of the tournaments in one status, as `readOpenTournaments` reads the open ones. */
export async function readEveryTournamentIn(
  http: PlatformHttp,
  credential: PlatformCredential,
  status: "open" | "active",
): Promise<OpenTournaments> {
  const limit = listLimitBounds.max;
  const tournaments: Tournament[] = [];
  const unreadable: UnreadableTournament[] = [];
  const seen = new Set<string>();
  const everyItemNamed = () => unreadable.every((item) => item.id !== undefined);
  // The next page starts after what came back, not after what was asked for: a platform may serve fewer than
  // 100 a page (the bounds of `limit` are not in the spec), and stepping by 100 would skip the rest.
  let offset = 0;
  for (let page = 0; page < maxTournamentPages; page += 1) {
    const answer = await listTournamentsTolerantly(http, credential, { status, limit, offset });
    const listed = answer.tournaments.length + answer.unreadable.length;
    offset += listed;
    const ids = [
      ...answer.tournaments.map((tournament) => tournament.id),
      ...answer.unreadable.map((item) => item.id),
    ];
    const onlyRepeats = listed > 0 && ids.every((id) => id !== undefined && seen.has(id));
    unreadable.push(...answer.unreadable);
    // A tournament that moved between pages while they were read would come twice.
    for (const tournament of answer.tournaments) {
      if (!seen.has(tournament.id)) tournaments.push(tournament);
      seen.add(tournament.id);
    }
    for (const { id } of answer.unreadable) if (id !== undefined) seen.add(id);
    if (answer.hasMore !== undefined) {
      // Shape A says whether more follow.
      if (!answer.hasMore || listed === 0) return { tournaments, complete: everyItemNamed(), unreadable };
      continue;
    }
    // Shape B does not, and a page shorter than asked may be the last or only as many as the platform serves
    // a page: only an empty page ends the list. A page of nothing but tournaments already read says the
    // platform did not move on with `offset` (or the list shifted under the read): where it ends is unknown.
    if (listed === 0) return { tournaments, complete: everyItemNamed(), unreadable };
    if (onlyRepeats) return { tournaments, complete: false, unreadable };
  }
  return { tournaments, complete: false, unreadable };
}
