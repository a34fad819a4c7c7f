import { describe, expect, it } from "vitest";
import { createBattle, getBattle, joinBattle, listBattles, submitToBattle } from "../../src/api/battles.js";
import { PlatformError } from "../../src/api/errors.js";
import { captureError } from "./capture-error.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

const input = {
  type: "practice",
  difficulty: "medium",
  language: "python",
  timeLimit: 3600,
  participants: 2,
  problemId: "prob_two_sum",
} as const;

describe("createBattle", () => {
  it("sends shape A by default and reads the join URL of a shape A answer", async () => {
    const { http } = createFixtureClient(fixture);
    const battle = await createBattle(http, credential, input);
    expect(fixture.requests[0]?.body).toEqual(input);
    expect(battle).toEqual({
      id: "battle_abc123",
      type: "practice",
      status: "waiting",
      problem: { id: "prob_two_sum", title: "Two Sum", difficulty: "medium" },
      createdAt: "2024-01-15T10:30:00Z",
      joinUrl: "https://platform.example/battles/battle_abc123",
      participantCount: 0,
    });
  });

  it("sends shape B with maxParticipants only and reads a shape B answer", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const battle = await createBattle(http, credential, { ...input, type: "quick" }, { shape: "B" });
    expect(fixture.requests[0]?.body).toEqual({
      type: "quick",
      difficulty: "medium",
      language: "python",
      maxParticipants: 2,
    });
    expect(battle.joinUrl).toBeUndefined();
    expect(battle.participantCount).toBe(0);
    expect(battle.problem.title).toBe("Two Sum");
  });
});

describe("getBattle", () => {
  it("returns participants, remaining time and leaderboard of the battle asked for", async () => {
    const { http } = createFixtureClient(fixture);
    const battle = await getBattle(http, credential, "battle/with slash");
    expect(fixture.requests[0]?.path).toBe("/v1/battles/battle%2Fwith%20slash");
    expect(battle.id).toBe("battle/with slash");
    expect(battle.timeRemaining).toBe(1800);
    expect(battle.participants).toEqual([
      { id: "user_alice", username: "alice", rating: 1850 },
      { id: "user_bob", username: "bob", rating: 1720 },
    ]);
    expect(battle.leaderboard[0]).toEqual({
      userId: "user_alice",
      username: "alice",
      score: 300,
      submissions: 2,
    });
  });
});

describe("joinBattle", () => {
  it("posts without a body and returns the now active battle", async () => {
    const { http } = createFixtureClient(fixture);
    const result = await joinBattle(http, credential, "battle_abc123");
    const request = fixture.requests[0];
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/battles/battle_abc123/join");
    expect(request?.rawBody).toBe("");
    expect(request?.headers["content-type"]).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.battle.status).toBe("active");
    expect(result.battle.participants.map((participant) => participant.username)).toEqual(["alice", "bob"]);
  });
});

describe("ids that are not one path segment", () => {
  // A URL reads `.` and `..` as "this folder" and "the one above", and most proxies merge `//`: typed as a battle
  // id they would send the member's credential to POST /battles/join, POST /join or GET /battles.
  it.each([".", "..", ""])("refuses %j as not found without calling another endpoint", async (battleId) => {
    const { http } = createFixtureClient(fixture);
    const joined = await captureError(() => joinBattle(http, credential, battleId));
    const submitted = await captureError(() =>
      submitToBattle(http, credential, battleId, { language: "python", code: "print(1)" }),
    );
    const read = await captureError(() => getBattle(http, credential, battleId));
    for (const error of [joined, submitted, read]) {
      expect(error).toBeInstanceOf(PlatformError);
      expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
    expect(fixture.requests).toEqual([]);
  });
});

describe("submitToBattle", () => {
  it("normalises a shape A submission with test case counts and memory", async () => {
    const { http } = createFixtureClient(fixture);
    const submission = await submitToBattle(http, credential, "battle_abc123", {
      language: "python",
      code: "print(1)",
    });
    expect(fixture.requests[0]?.body).toEqual({ language: "python", code: "print(1)" });
    expect(submission).toEqual({
      id: "sub_123",
      status: "accepted",
      score: 100,
      executionTime: 45,
      memoryUsed: 2048,
      testCases: { passed: 10, failed: 0, total: 10 },
      testResults: undefined,
    });
  });

  it("normalises a shape B submission, counting its test results", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const submission = await submitToBattle(http, credential, "battle_abc123", {
      language: "cpp",
      code: "int main(){}",
    });
    expect(submission.id).toBe("sub_456");
    expect(submission.status).toBe("testing");
    expect(submission.testCases).toEqual({ passed: 1, failed: 1, total: 2 });
    expect(submission.testResults).toHaveLength(2);
    expect(submission.memoryUsed).toBeUndefined();
  });
});

describe("listBattles", () => {
  it("passes the status and limit filters and reads the full envelope", async () => {
    const { http } = createFixtureClient(fixture);
    const list = await listBattles(http, credential, { status: "completed", limit: 5 });
    expect(Object.fromEntries(fixture.requests[0]?.query ?? [])).toEqual({ status: "completed", limit: "5" });
    expect(list).toEqual({
      battles: [
        {
          id: "battle_1",
          type: "practice",
          status: "completed",
          result: "won",
          score: 300,
          duration: 1260,
          completedAt: "2024-01-14T18:00:00Z",
        },
      ],
      total: 1,
      page: 1,
      hasMore: false,
    });
  });

  it("accepts an envelope without paging fields and clamps an oversized limit", async () => {
    fixture.shape = "B";
    const { http } = createFixtureClient(fixture);
    const list = await listBattles(http, credential, { limit: 10_000 });
    expect(fixture.requests[0]?.query.get("limit")).toBe("100");
    expect(fixture.requests[0]?.query.has("status")).toBe(false);
    expect(list.battles).toHaveLength(1);
    expect(list.total).toBeUndefined();
    expect(list.hasMore).toBeUndefined();
  });
});
