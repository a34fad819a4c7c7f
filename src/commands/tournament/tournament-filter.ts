import { difficulties, tournamentStatuses, type Difficulty, type TournamentStatus } from "../../api/index.js";

/** What `/tournament list` shows; carried in the ◀ ▶ custom ids as `status:difficulty`. */
export interface TournamentFilter {
  readonly status: TournamentStatus;
  readonly difficulty: Difficulty | undefined;
}

/** `/tournament list` shows open tournaments unless asked otherwise (docs/architecture.md, "Commands"). */
export const defaultTournamentStatus: TournamentStatus = "open";

function isOneOf<T extends string>(values: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (values as readonly string[]).includes(value);
}

/** Reads the slash command's options; anything outside the spec's values falls back to the default. */
export function readTournamentFilter(options: {
  readonly status?: string | undefined;
  readonly difficulty?: string | undefined;
}): TournamentFilter {
  return {
    status: isOneOf(tournamentStatuses, options.status) ? options.status : defaultTournamentStatus,
    difficulty: isOneOf(difficulties, options.difficulty) ? options.difficulty : undefined,
  };
}

export function encodeTournamentFilter(filter: TournamentFilter): string {
  return `${filter.status}:${filter.difficulty ?? ""}`;
}

/** The inverse of `encodeTournamentFilter`; a tampered custom id cannot smuggle other values through. */
export function decodeTournamentFilter(query: string): TournamentFilter {
  const [status, difficulty] = query.split(":");
  return readTournamentFilter({ status, difficulty });
}
