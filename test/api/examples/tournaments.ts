// Tournament answers of the platform's API reference: shape A (title/startTime/prizePool) and B
// (name/startsAt/prize).
import type { Example } from "./example.js";

const tournamentA = {
  id: "tourn_weekly",
  title: "Weekly Challenge",
  status: "open",
  startTime: "2024-01-20T15:00:00Z",
  participants: 120,
  maxParticipants: 500,
  prizePool: "$1,000",
};

const tournamentB = {
  id: "tourn_weekly",
  name: "Weekly Challenge",
  status: "open",
  format: "elimination",
  participants: 120,
  maxParticipants: 500,
  prize: "$1,000",
  startsAt: "2024-01-20T15:00:00Z",
};

export const tournamentExamples: Record<string, Example> = {
  "GET /v1/tournaments": (_id, shape) => ({
    body:
      shape === "A"
        ? { tournaments: [tournamentA], total: 1, hasMore: false }
        : { tournaments: [tournamentB] },
  }),
  "POST /v1/tournaments/:id/register": (id, shape) => ({
    body:
      shape === "A"
        ? { registered: true, registrationId: "reg_789", tournament: { id, title: "Weekly Challenge" } }
        : {
            success: true,
            registration: {
              tournamentId: id,
              userId: "user_alice",
              registeredAt: "2024-01-16T09:00:00Z",
              status: "confirmed",
            },
          },
  }),
  "GET /v1/tournaments/:id/leaderboard": () => ({
    body: {
      leaderboard: [
        {
          rank: 1,
          user: { id: "user_alice", username: "alice" },
          score: 400,
          problemsSolved: 4,
          totalTime: 3120,
        },
        {
          rank: 2,
          user: { id: "user_bob", username: "bob" },
          score: 300,
          problemsSolved: 3,
          totalTime: 2900,
        },
      ],
      userRank: 2,
      userScore: 300,
    },
  }),
};
