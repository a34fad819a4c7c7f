// Tournament endpoints (the platform's API reference, "Endpoints › Tournaments").
import { clampListLimit } from "./assumptions.js";
import { encodePathSegment, type PlatformCredential, type PlatformHttp } from "./http.js";
import type { z } from "zod";
import {
  tolerantTournamentListSchema,
  tournamentLeaderboardSchema,
  tournamentListSchema,
  type TolerantTournamentList,
  tournamentRegistrationSchema,
  type TournamentLeaderboard,
  type TournamentList,
  type TournamentRegistration,
} from "./schemas/tournament.js";
import type { Difficulty, TournamentStatus } from "./schemas/vocabulary.js";

export interface TournamentListQuery {
  readonly status?: TournamentStatus | undefined;
  readonly difficulty?: Difficulty | undefined;
  /** Platform default 20. */
  readonly limit?: number | undefined;
  /** Platform default 0. */
  readonly offset?: number | undefined;
}

/** GET /tournaments?status&difficulty&limit&offset → tournaments (shape A or B normalised). */
export function listTournaments(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: TournamentListQuery = {},
): Promise<TournamentList> {
  return sendListRequest(http, credential, query, tournamentListSchema);
}

/** listTournaments, with an item it cannot read left out and named rather than refusing the whole page. */
export function listTournamentsTolerantly(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: TournamentListQuery = {},
): Promise<TolerantTournamentList> {
  return sendListRequest(http, credential, query, tolerantTournamentListSchema);
}

function sendListRequest<T>(
  http: PlatformHttp,
  credential: PlatformCredential,
  query: TournamentListQuery,
  schema: z.ZodType<T>,
): Promise<T> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: "/tournaments",
    query: {
      status: query.status,
      difficulty: query.difficulty,
      limit: clampListLimit(query.limit),
      offset: query.offset,
    },
    schema,
  });
}

/** POST /tournaments/{id}/register (no body) → one registration, whichever shape the platform sent. */
export async function registerForTournament(
  http: PlatformHttp,
  credential: PlatformCredential,
  tournamentId: string,
): Promise<TournamentRegistration> {
  const registration = await http.send({
    repeatableAfter401: true,
    credential,
    method: "POST",
    path: `/tournaments/${encodePathSegment(tournamentId)}/register`,
    schema: tournamentRegistrationSchema,
  });
  return { ...registration, tournamentId: registration.tournamentId ?? tournamentId };
}

/** GET /tournaments/{id}/leaderboard → standings plus the caller's rank and score. */
export function getTournamentLeaderboard(
  http: PlatformHttp,
  credential: PlatformCredential,
  tournamentId: string,
): Promise<TournamentLeaderboard> {
  return http.send({
    repeatableAfter401: true,
    credential,
    method: "GET",
    path: `/tournaments/${encodePathSegment(tournamentId)}/leaderboard`,
    schema: tournamentLeaderboardSchema,
  });
}
