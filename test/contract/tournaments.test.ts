// Contract: the tournament functions of src/api against the sandbox, list and registration in both shapes
// (the platform's API reference, "Resources › Tournament", "Endpoints › Tournaments").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getTournamentLeaderboard,
  listTournaments,
  registerForTournament,
  type Tournament as ClientTournament,
} from "../../src/api/index.js";
import { tournamentStandings } from "../../sandbox/core/tournaments.js";
import type { Tournament } from "../../sandbox/state.js";
import { startContractSandbox, toIso, type ContractWorld } from "./support/contract-sandbox.js";

let world: ContractWorld;

beforeAll(async () => {
  world = await startContractSandbox();
});
afterAll(async () => {
  await world.close();
});

/** The sandbox's tournaments in list order (by start time). */
function storedTournaments(filter: (tournament: Tournament) => boolean = () => true): Tournament[] {
  return [...world.sandbox.state.tournaments.values()]
    .filter(filter)
    .sort((a, b) => a.startTime - b.startTime);
}

function storedNamed(title: string): Tournament {
  const found = storedTournaments((tournament) => tournament.title === title)[0];
  if (found === undefined) throw new Error(`no seeded tournament ${title}`);
  return found;
}

function expected(tournament: Tournament, shape: "A" | "B"): ClientTournament {
  return {
    id: tournament.id,
    title: tournament.title,
    status: tournament.status,
    startsAt: toIso(tournament.startTime),
    participants: tournament.registrations.size,
    maxParticipants: tournament.maxParticipants,
    prize: tournament.prize,
    format: shape === "B" ? tournament.format : undefined,
  };
}

describe("listing tournaments", () => {
  it("reads shape A (title, startTime, prizePool, total, hasMore) as the domain list", async () => {
    const list = await listTournaments(world.http, world.credential("dave", "read", "A"));
    const stored = storedTournaments();
    expect(stored).toHaveLength(6);
    expect(list).toEqual({
      tournaments: stored.map((tournament) => expected(tournament, "A")),
      total: 6,
      hasMore: false,
    });
  });

  it("reads shape B (name, startsAt, prize, format; no paging fields) with status and difficulty filters", async () => {
    const credential = world.credential("dave", "read", "B");
    const list = await listTournaments(world.http, credential, { status: "open", difficulty: "hard" });
    expect(list).toEqual({
      tournaments: [expected(storedNamed("Hardcore Invitational"), "B")],
      total: undefined,
      hasMore: undefined,
    });

    const completed = await listTournaments(world.http, credential, { status: "completed" });
    expect(completed.tournaments).toEqual(
      storedTournaments((tournament) => tournament.status === "completed").map((tournament) =>
        expected(tournament, "B"),
      ),
    );
  });

  it("pages with limit and offset", async () => {
    const list = await listTournaments(world.http, world.credential("dave", "read", "A"), {
      limit: 2,
      offset: 1,
    });
    expect(list).toEqual({
      tournaments: storedTournaments()
        .slice(1, 3)
        .map((tournament) => expected(tournament, "A")),
      total: 6,
      hasMore: true,
    });
  });
});

describe("registering", () => {
  it("reads the shape A registration (registered, registrationId, tournament)", async () => {
    const tournament = storedNamed("Algorithms Open");
    const registration = await registerForTournament(
      world.http,
      world.credential("erin", "write", "A"),
      tournament.id,
    );
    const stored = tournament.registrations.get(world.user("erin").id);
    expect(stored).toBeDefined();
    expect(registration).toEqual({
      registered: true,
      tournamentId: tournament.id,
      tournamentTitle: "Algorithms Open",
      registrationId: stored?.id,
      userId: undefined,
      status: undefined,
      registeredAt: undefined,
    });
  });

  it("reads the shape B registration (success, registration: confirmed)", async () => {
    const tournament = storedNamed("Algorithms Open");
    const registration = await registerForTournament(
      world.http,
      world.credential("frank", "write", "B"),
      tournament.id,
    );
    const stored = tournament.registrations.get(world.user("frank").id);
    expect(registration).toEqual({
      registered: true,
      tournamentId: tournament.id,
      tournamentTitle: undefined,
      registrationId: undefined,
      userId: world.user("frank").id,
      status: "confirmed",
      registeredAt: toIso(stored!.registeredAt),
    });
    expect(tournament.registrations.size).toBe(2);
  });
});

describe("tournament leaderboard", () => {
  it("reads the standings and the caller's own rank and score", async () => {
    const tournament = storedNamed("Autumn Classic");
    const standings = tournamentStandings(world.sandbox.state, tournament);
    const carol = standings.find((standing) => standing.user.username === "carol")!;

    const leaderboard = await getTournamentLeaderboard(
      world.http,
      world.credential("carol", "read"),
      tournament.id,
    );
    expect(leaderboard).toEqual({
      leaderboard: standings.map(({ rank, user, result }) => ({
        rank,
        user: { id: user.id, username: user.username },
        score: result.score,
        problemsSolved: result.problemsSolved,
        totalTime: result.totalTime,
      })),
      userRank: carol.rank,
      userScore: carol.result.score,
    });
    expect(leaderboard.leaderboard).toHaveLength(7);
  });
});
