// Tournament moves: `open` (registration) → `active` at its start time (or `POST /sandbox/tournaments/{id}/
// start`) → `completed` at its end time (or `.../complete`). There is no tournament submission endpoint
// in the spec, so standings are results recorded through `POST /sandbox/tournaments/{id}/results`; at
// completion every registrant without one gets a deterministic stand-in result (see standInResult).
import { createHash } from "node:crypto";
import { conflict } from "../errors.js";
import { newId } from "../ids.js";
import type { Difficulty, SandboxState, Tournament, TournamentResult, User } from "../state.js";
import { tournamentStartedData } from "../webhooks/event-data.js";
import type { CoreDeps, EventCause } from "./deps.js";

export function registerForTournament(
  deps: CoreDeps,
  tournament: Tournament,
  user: User,
): { id: string; registeredAt: number } {
  // Late entry: a started tournament still takes registrations (the "tournament started" announcement
  // carries a Register button); only a completed one is closed. The spec does not say; see README.
  if (tournament.status === "completed")
    throw conflict("registration is closed: the tournament is completed");
  if (tournament.registrations.has(user.id)) throw conflict("you are already registered");
  if (tournament.registrations.size >= tournament.maxParticipants) throw conflict("the tournament is full");
  const registration = { id: newId("reg"), registeredAt: deps.clock.now() };
  tournament.registrations.set(user.id, registration);
  return registration;
}

export interface NewTournament {
  title: string;
  startTime: number;
  /** Minutes from start to end. */
  durationMinutes: number;
  format: string;
  difficulty: Difficulty;
  maxParticipants: number;
  prize: string;
}

/** `POST /sandbox/tournaments`: a new open tournament. The platform announces none (no event kind for it). */
export function createTournament(state: SandboxState, input: NewTournament): Tournament {
  const tournament: Tournament = {
    id: newId("trn"),
    title: input.title,
    format: input.format,
    difficulty: input.difficulty,
    status: "open",
    startTime: input.startTime,
    endTime: input.startTime + input.durationMinutes * 60_000,
    maxParticipants: input.maxParticipants,
    prize: input.prize,
    registrations: new Map(),
    results: new Map(),
  };
  state.tournaments.set(tournament.id, tournament);
  return tournament;
}

/** `POST /sandbox/tournaments/{id}/reschedule`: an open tournament starts at another time, as long as before. */
export function rescheduleTournament(tournament: Tournament, startTime: number): void {
  if (tournament.status !== "open") throw conflict(`the tournament is already ${tournament.status}`);
  const length = tournament.endTime - tournament.startTime;
  tournament.startTime = startTime;
  tournament.endTime = startTime + length;
}

export function startTournament(deps: CoreDeps, cause: EventCause, tournament: Tournament): void {
  if (tournament.status !== "open") throw conflict(`the tournament is already ${tournament.status}`);
  const now = deps.clock.now();
  tournament.status = "active";
  const length = tournament.endTime - tournament.startTime;
  tournament.startTime = Math.min(tournament.startTime, now);
  tournament.endTime = Math.max(tournament.endTime, tournament.startTime + length);
  deps.publish("system.tournament_started", tournamentStartedData(tournament), cause);
}

export function completeTournament(deps: CoreDeps, tournament: Tournament): void {
  if (tournament.status === "completed") throw conflict("the tournament is already completed");
  tournament.status = "completed";
  tournament.endTime = Math.min(tournament.endTime, deps.clock.now());
  for (const userId of tournament.registrations.keys()) {
    if (!tournament.results.has(userId)) tournament.results.set(userId, standInResult(tournament.id, userId));
  }
}

/** Score 0–300 in steps of 100 per problem solved (3 problems), time 600–7,799 s, from a hash. */
export function standInResult(tournamentId: string, userId: string): TournamentResult {
  const hash = createHash("sha256").update(`${tournamentId}\n${userId}`).digest();
  const problemsSolved = (hash[0] ?? 0) % 4;
  return {
    score: problemsSolved * 100,
    problemsSolved,
    totalTime: problemsSolved === 0 ? 0 : 600 + (((hash[1] ?? 0) * 256 + (hash[2] ?? 0)) % 7200),
  };
}

export interface TournamentStanding {
  rank: number;
  user: User;
  result: TournamentResult;
}

/** Registrants by score, then less total time, then username; equal score and time share a rank. */
export function tournamentStandings(state: SandboxState, tournament: Tournament): TournamentStanding[] {
  const entries = [...tournament.registrations.keys()].flatMap((userId) => {
    const user = state.users.get(userId);
    if (user === undefined) return [];
    const result = tournament.results.get(userId) ?? { score: 0, problemsSolved: 0, totalTime: 0 };
    return [{ rank: 0, user, result }];
  });
  entries.sort(
    (a, b) =>
      b.result.score - a.result.score ||
      a.result.totalTime - b.result.totalTime ||
      a.user.username.localeCompare(b.user.username),
  );
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    const tied =
      previous !== undefined &&
      previous.result.score === entry.result.score &&
      previous.result.totalTime === entry.result.totalTime;
    entry.rank = tied ? previous.rank : index + 1;
  });
  return entries;
}

/** `POST /sandbox/tournaments/{id}/results`: sets a registrant's standing in a started tournament. */
export function recordTournamentResult(tournament: Tournament, user: User, result: TournamentResult): void {
  if (!tournament.registrations.has(user.id)) throw conflict(`${user.username} is not registered`);
  if (tournament.status === "open") throw conflict("the tournament has not started");
  tournament.results.set(user.id, result);
}
