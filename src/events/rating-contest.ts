// The contest a rating change came from (docs/architecture.md, "Posting"): the changes of one contest that
// reach one channel together are posted as one summary. A tournament's changes belong together whatever
// battle each came from; without a tournament, the battle's.
import type { RatingChangedData } from "./event-data/user-events.js";

export interface RatingContest {
  readonly kind: "tournament" | "battle";
  readonly id: string;
  /** The tournament's title when the event gave it; a battle's problem title, when its own events did. */
  readonly title: string | undefined;
}

/** Undefined for a change that names neither a tournament nor a battle: it is posted on its own. */
export function readRatingContest(data: RatingChangedData): RatingContest | undefined {
  if (data.tournamentId !== undefined) {
    return { kind: "tournament", id: data.tournamentId, title: data.tournamentTitle };
  }
  if (data.battleId !== undefined) return { kind: "battle", id: data.battleId, title: undefined };
  return undefined;
}

/** The outbox's summary key: "tournament:<id>" or "battle:<id>". */
export function describeContestKey(contest: RatingContest): string {
  return `${contest.kind}:${contest.id}`;
}
