// User, team, leaderboard and problem answers of the platform's API reference, (GET /problems: the assumed
// shape).
import { problem } from "./battles.js";
import type { Example } from "./example.js";

export const userExamples: Record<string, Example> = {
  "GET /v1/users/me": () => ({
    body: {
      id: "user_alice",
      username: "alice",
      email: "alice@example.com",
      rating: 1850,
      tier: "platinum",
      joinedAt: "2023-03-01T12:00:00Z",
    },
  }),
  "PUT /v1/users/me": () => ({
    body: {
      success: true,
      user: { id: "user_alice", username: "alice", displayName: "Alice", bio: "Loves graphs" },
    },
  }),
  "GET /v1/users/me/stats": () => ({
    body: {
      totalBattles: 150,
      wins: 95,
      losses: 55,
      winRate: 0.633,
      averageTime: 1245,
      rating: 1850,
      ratingChange: "+25",
    },
  }),
};

export const teamExamples: Record<string, Example> = {
  "POST /v1/teams": () => ({
    status: 201,
    body: {
      id: "team_algo",
      name: "Algorithm Masters",
      description: "Weekly practice",
      owner: { id: "user_alice", username: "alice" },
      members: 1,
      maxMembers: 5,
      isPublic: true,
      createdAt: "2024-01-15T10:30:00Z",
    },
  }),
  "POST /v1/teams/:id/invite": (id) => ({
    body: {
      success: true,
      invitation: {
        id: "inv_1",
        teamId: id,
        inviteeId: "user_bob",
        role: "member",
        status: "pending",
        sentAt: "2024-01-15T10:35:00Z",
      },
    },
  }),
};

export const leaderboardExamples: Record<string, Example> = {
  "GET /v1/leaderboards/global": () => ({
    body: {
      rankings: [
        {
          rank: 1,
          user: { id: "user_carol", username: "carol", rating: 2950, tier: "grandmaster" },
          winRate: 0.91,
          battlesWon: 812,
        },
      ],
      total: 50000,
      hasMore: true,
    },
  }),
  "GET /v1/leaderboards/users/me/rank": () => ({
    body: {
      globalRank: 1234,
      rating: 1850,
      tier: "platinum",
      percentile: 97.5,
      ratingHistory: [
        { date: "2024-01-01", rating: 1800 },
        { date: "2024-01-15", rating: 1850 },
      ],
    },
  }),
  "GET /v1/problems": (_id, shape) => ({
    body:
      shape === "A"
        ? { problems: [problem], nextCursor: "cursor_2" }
        : { problems: [{ ...problem, id: "prob_lru" }], hasMore: false, total: 1 },
  }),
};

export const accountExamples: Record<string, Example> = {
  ...userExamples,
  ...teamExamples,
  ...leaderboardExamples,
};
