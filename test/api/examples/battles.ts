// Battle answers of the platform's API reference, shape A and B where the spec gives two.
import type { Example } from "./example.js";

export const problem = { id: "prob_two_sum", title: "Two Sum", difficulty: "medium" };

export const battleExamples: Record<string, Example> = {
  "POST /v1/battles": (_id, shape) => ({
    status: 201,
    body:
      shape === "A"
        ? {
            id: "battle_abc123",
            type: "practice",
            status: "waiting",
            joinUrl: "https://platform.example/battles/battle_abc123",
            problem,
            createdAt: "2024-01-15T10:30:00Z",
          }
        : {
            id: "battle_abc123",
            type: "quick",
            status: "waiting",
            problem,
            participants: [],
            createdAt: "2024-01-15T10:30:00Z",
          },
  }),
  "GET /v1/battles/:id": (id) => ({
    body: {
      id,
      type: "realtime",
      status: "active",
      participants: [
        { id: "user_alice", username: "alice", rating: 1850 },
        { id: "user_bob", username: "bob", rating: 1720 },
      ],
      timeRemaining: 1800,
      leaderboard: [
        { userId: "user_alice", username: "alice", score: 300, submissions: 2 },
        { userId: "user_bob", username: "bob", score: 100, submissions: 1 },
      ],
    },
  }),
  "POST /v1/battles/:id/join": (id) => ({
    body: {
      success: true,
      battle: {
        id,
        status: "active",
        participants: [
          { id: "user_alice", username: "alice", joinedAt: "2024-01-15T10:31:00Z" },
          { id: "user_bob", username: "bob", joinedAt: "2024-01-15T10:32:00Z" },
        ],
      },
    },
  }),
  "POST /v1/battles/:id/submit": (_id, shape) => ({
    body:
      shape === "A"
        ? {
            id: "sub_123",
            status: "accepted",
            score: 100,
            executionTime: 45,
            memoryUsed: 2048,
            testCases: { passed: 10, failed: 0, total: 10 },
          }
        : {
            submissionId: "sub_456",
            status: "testing",
            testResults: [
              { input: "[2,7,11,15], 9", expected: "[0,1]", actual: "[0,1]", passed: true },
              { input: "[3,2,4], 6", expected: "[1,2]", actual: "[0,2]", passed: false },
            ],
            score: 50,
            executionTime: 12,
          },
  }),
  "GET /v1/battles": (_id, shape) => {
    const battles = [
      {
        id: "battle_1",
        type: "practice",
        status: "completed",
        result: "won",
        score: 300,
        duration: 1260,
        completedAt: "2024-01-14T18:00:00Z",
      },
    ];
    return { body: shape === "A" ? { battles, total: 1, page: 1, hasMore: false } : { battles } };
  },
};
