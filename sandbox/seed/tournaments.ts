// Tournaments in every status: three open, one active, two completed (with results).
import { standInResult } from "../core/tournaments.js";
import { newId } from "../ids.js";
import type { Difficulty, SandboxState, Tournament, User } from "../state.js";

const hour = 3_600_000;
const day = 24 * hour;

interface TournamentSeed {
  title: string;
  format: string;
  difficulty: Difficulty;
  status: Tournament["status"];
  startsIn: number;
  length: number;
  maxParticipants: number;
  prize: string;
  registrants: number;
}

const seeds: readonly TournamentSeed[] = [
  {
    title: "Weekly Sprint #42",
    format: "elimination",
    difficulty: "easy",
    status: "open",
    startsIn: 2 * day,
    length: 2 * hour,
    maxParticipants: 64,
    prize: "$500",
    registrants: 2,
  },
  {
    title: "Algorithms Open",
    format: "swiss",
    difficulty: "medium",
    status: "open",
    startsIn: 5 * day,
    length: 3 * hour,
    maxParticipants: 128,
    prize: "$2,000",
    registrants: 0,
  },
  {
    title: "Hardcore Invitational",
    format: "round-robin",
    difficulty: "hard",
    status: "open",
    startsIn: 9 * day,
    length: 4 * hour,
    maxParticipants: 16,
    prize: "$5,000",
    registrants: 3,
  },
  {
    title: "Night Owl Marathon",
    format: "swiss",
    difficulty: "medium",
    status: "active",
    startsIn: -hour,
    length: 4 * hour,
    maxParticipants: 100,
    prize: "1,000 points",
    registrants: 5,
  },
  {
    title: "Autumn Classic",
    format: "elimination",
    difficulty: "hard",
    status: "completed",
    startsIn: -10 * day,
    length: 3 * hour,
    maxParticipants: 32,
    prize: "$1,000",
    registrants: 7,
  },
  {
    title: "Beginner Cup",
    format: "round-robin",
    difficulty: "easy",
    status: "completed",
    startsIn: -20 * day,
    length: 2 * hour,
    maxParticipants: 50,
    prize: "Swag pack",
    registrants: 6,
  },
];

export function seedTournaments(state: SandboxState, users: readonly User[], now: number): void {
  for (const seed of seeds) {
    const startTime = now + seed.startsIn;
    const tournament: Tournament = {
      id: newId("trn"),
      title: seed.title,
      format: seed.format,
      difficulty: seed.difficulty,
      status: seed.status,
      startTime,
      endTime: startTime + seed.length,
      maxParticipants: seed.maxParticipants,
      prize: seed.prize,
      registrations: new Map(),
      results: new Map(),
    };
    users.slice(0, seed.registrants).forEach((user, index) => {
      tournament.registrations.set(user.id, {
        id: newId("reg"),
        registeredAt: startTime - day + index * hour,
      });
      if (seed.status !== "open") tournament.results.set(user.id, resultFor(tournament, user.id));
    });
    state.tournaments.set(tournament.id, tournament);
  }
}

/** Completed tournaments get their final results; the active one about half of them so far. */
function resultFor(tournament: Tournament, userId: string): ReturnType<typeof standInResult> {
  const final = standInResult(tournament.id, userId);
  if (tournament.status === "completed") return final;
  const solved = Math.floor(final.problemsSolved / 2);
  return { score: solved * 100, problemsSolved: solved, totalTime: Math.floor(final.totalTime / 2) };
}
