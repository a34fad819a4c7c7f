import { describe, expect, it } from "vitest";
import {
  getTournamentLeaderboard,
  listTournaments,
  registerForTournament,
} from "../../src/api/tournaments.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

const weeklyChallenge = {
  id: "tourn_weekly",
  title: "Weekly Challenge",
  status: "open",
  startsAt: "2024-01-20T15:00:00Z",
  participants: 120,
  maxParticipants: 500,
  prize: "$1,000",
};

describe("listTournaments", () => {
  it("normalises shape A (title, startTime, prizePool) and keeps total and hasMore", async () => {
    fixture.shape = "A";
    const { http } = createFixtureClient(fixture);
    const list = await listTournaments(http, credential, {
      status: "open",
      difficulty: "hard",
      limit: 20,
      offset: 40,
    });
    expect(Object.fromEntries(fixture.requests[0]?.query ?? [])).toEqual({
      status: "open",
      difficulty: "hard",
      limit: "20",
      offset: "40",
    });
    expect(list).toEqual({
      tournaments: [{ ...weeklyChallenge, format: undefined }],
      total: 1,
      hasMore: false,
    });
  });

  it("normalises shape B (name, startsAt, prize, format) from a bare tournaments array", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const list = await listTournaments(http, credential);
    expect(fixture.requests[0]?.query.toString()).toBe("");
    expect(list).toEqual({
      tournaments: [{ ...weeklyChallenge, format: "elimination" }],
      total: undefined,
      hasMore: undefined,
    });
  });
});

describe("registerForTournament", () => {
  it("reads a shape A registration", async () => {
    fixture.shape = "A";
    const { http } = createFixtureClient(fixture);
    const registration = await registerForTournament(http, credential, "tourn_weekly");
    expect(fixture.requests[0]?.rawBody).toBe("");
    expect(registration).toEqual({
      registered: true,
      tournamentId: "tourn_weekly",
      tournamentTitle: "Weekly Challenge",
      registrationId: "reg_789",
      userId: undefined,
      status: undefined,
      registeredAt: undefined,
    });
  });

  it("reads a shape B registration into the same type", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const registration = await registerForTournament(http, credential, "tourn_weekly");
    expect(registration).toEqual({
      registered: true,
      tournamentId: "tourn_weekly",
      tournamentTitle: undefined,
      registrationId: undefined,
      userId: "user_alice",
      status: "confirmed",
      registeredAt: "2024-01-16T09:00:00Z",
    });
  });
});

describe("getTournamentLeaderboard", () => {
  it("returns standings with the caller's rank and score", async () => {
    const { http } = createFixtureClient(fixture);
    const board = await getTournamentLeaderboard(http, credential, "tourn_weekly");
    expect(fixture.requests[0]?.path).toBe("/v1/tournaments/tourn_weekly/leaderboard");
    expect(board.userRank).toBe(2);
    expect(board.userScore).toBe(300);
    expect(board.leaderboard[0]).toEqual({
      rank: 1,
      user: { id: "user_alice", username: "alice" },
      score: 400,
      problemsSolved: 4,
      totalTime: 3120,
    });
  });
});
