import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BattleLeaderboardRow } from "./support/answers.js";
import { startTestSandbox, type TestSandbox } from "./support/sandbox.js";

interface CreatedBattle {
  id: string;
  [field: string]: unknown;
}

let test: TestSandbox;
beforeEach(async () => {
  test = await startTestSandbox();
});
afterEach(async () => {
  await test.close();
});

const newBattle = {
  type: "realtime",
  difficulty: "easy",
  language: "python",
  timeLimit: 600,
  participants: 2,
};

async function createBattle(shape: "A" | "B" = "A"): Promise<CreatedBattle> {
  const response = await test.call("POST", `/v1/battles?shape=${shape}`, {
    key: test.key("bob"),
    body: newBattle,
  });
  expect(response.status).toBe(201);
  const battle: CreatedBattle = response.body;
  return battle;
}

describe("POST /v1/battles", () => {
  it("answers shape A with exactly id, type, status, joinUrl, problem and createdAt", async () => {
    const battle = await createBattle("A");
    expect(Object.keys(battle).sort()).toEqual(["createdAt", "id", "joinUrl", "problem", "status", "type"]);
    expect(battle).toMatchObject({ type: "realtime", status: "waiting", problem: { difficulty: "easy" } });
    expect(battle.joinUrl).toBe(`${test.url}/v1/battles/${battle.id}/join`);
    expect(battle.id).toMatch(/^bat_/);
  });

  it("answers shape B with an empty participants list and no joinUrl", async () => {
    const battle = await createBattle("B");
    expect(Object.keys(battle).sort()).toEqual([
      "createdAt",
      "id",
      "participants",
      "problem",
      "status",
      "type",
    ]);
    expect(battle.participants).toEqual([]);
  });

  it("accepts shape B's maxParticipants and the X-Sandbox-Shape header", async () => {
    const response = await test.call("POST", "/v1/battles", {
      key: test.key("bob"),
      body: { type: "quick", difficulty: "hard", language: "cpp", maxParticipants: 3 },
      headers: { "x-sandbox-shape": "B" },
    });
    expect(response.status).toBe(201);
    expect(response.body.participants).toEqual([]);
    const id: string = response.body.id;
    expect(test.sandbox.state.battles.get(id)?.capacity).toBe(3);
  });

  it("uses the problem asked for when it has the battle's difficulty", async () => {
    const response = await test.call("POST", "/v1/battles", {
      key: test.key("bob"),
      body: { ...newBattle, problemId: "prb_easy_07" },
    });
    expect(response.body.problem).toEqual({
      id: "prb_easy_07",
      title: "Maximum Subarray",
      difficulty: "easy",
    });
  });

  it("refuses a problem of another difficulty, naming problemId", async () => {
    const response = await test.call("POST", "/v1/battles", {
      key: test.key("bob"),
      body: { ...newBattle, problemId: "prb_hard_01" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: "problemId", value: "prb_hard_01" });
  });

  it("lists a battle still to end without `completedAt`, which the reference types as a timestamp", async () => {
    const { id } = await createBattle();
    const list = await test.call("GET", "/v1/battles?status=waiting", { key: test.key("bob") });
    expect(list.body.battles).toEqual([
      { id, type: "realtime", status: "waiting", result: "pending", score: 0, duration: 0 },
    ]);
  });

  it("takes as many players as /battle create offers, and refuses more, naming the field", async () => {
    const create = (participants: number) =>
      test.call("POST", "/v1/battles", { key: test.key("bob"), body: { ...newBattle, participants } });
    expect((await create(100)).status).toBe(201);
    const refused = await create(101);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "INVALID_REQUEST", details: { field: "participants" } });
  });
});

describe("battle lifecycle", () => {
  it("moves waiting → active on the first join and lists the joined participants", async () => {
    const { id } = await createBattle();
    const join = await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    expect(join.status).toBe(200);
    expect(join.body).toEqual({
      success: true,
      battle: {
        id,
        status: "active",
        participants: [{ id: expect.any(String), username: "bob", joinedAt: "2026-01-01T12:00:00.000Z" }],
      },
    });
  });

  it("refuses a second join by the same user and a join to a full battle with 409 CONFLICT", async () => {
    const { id } = await createBattle();
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    const again = await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("carol") });
    const third = await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("alice") });
    expect(third.status).toBe(409);
  });

  // Bob (1850) was expected to beat Carol (1650) with p = 0.76; losing costs him round(32 × 0.76) = 24.
  it("completes when everyone submitted, ranks by score and moves ratings by Elo", async () => {
    const { id } = await createBattle();
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("carol") });
    const bobBefore = test.sandbox.state.users.get(test.sandbox.keys[1]!.userId)!.rating;

    const first = await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("carol"),
      body: { language: "python", code: "print('PASS')" },
    });
    expect(first.body).toMatchObject({
      status: "accepted",
      score: 100,
      testCases: { passed: 5, failed: 0, total: 5 },
    });
    expect((await test.call("GET", `/v1/battles/${id}`, { key: test.key("bob") })).body.status).toBe(
      "active",
    );

    test.clock.advance(90_000);
    await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("bob"),
      body: { language: "python", code: "# FAIL" },
    });
    const details = await test.call("GET", `/v1/battles/${id}`, { key: test.key("bob") });
    expect(details.body).toEqual({
      id,
      type: "realtime",
      status: "completed",
      participants: [
        { id: expect.any(String), username: "bob", rating: bobBefore - 24 },
        { id: expect.any(String), username: "carol", rating: 1650 + 24 },
      ],
      timeRemaining: 0,
      leaderboard: [
        { userId: expect.any(String), username: "carol", score: 100, submissions: 1 },
        { userId: expect.any(String), username: "bob", score: 0, submissions: 1 },
      ],
    });
    const list = await test.call("GET", "/v1/battles?status=completed", { key: test.key("carol") });
    expect(list.body).toEqual({
      battles: [
        {
          id,
          type: "realtime",
          status: "completed",
          result: "won",
          score: 100,
          duration: 90,
          completedAt: "2026-01-01T12:01:30.000Z",
        },
      ],
      total: 1,
      page: 1,
      hasMore: false,
    });
  });

  it("completes when the time limit runs out, scoring absent submissions as 0", async () => {
    const { id } = await createBattle();
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("carol") });
    await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("bob"),
      body: { language: "java", code: "PASS" },
    });
    expect((await test.call("GET", `/v1/battles/${id}`, { key: test.key("bob") })).body.timeRemaining).toBe(
      600,
    );

    await test.sandbox.advance(599_000);
    expect((await test.call("GET", `/v1/battles/${id}`, { key: test.key("bob") })).body.timeRemaining).toBe(
      1,
    );
    await test.sandbox.advance(1_000);
    const details = await test.call("GET", `/v1/battles/${id}`, { key: test.key("bob") });
    expect(details.body.status).toBe("completed");
    const leaderboard: BattleLeaderboardRow[] = details.body.leaderboard;
    expect(leaderboard.map((row) => [row.username, row.score])).toEqual([
      ["bob", 100],
      ["carol", 0],
    ]);
    const history = await test.call("GET", "/v1/battles", { key: test.key("carol") });
    expect(history.body.battles[0]).toMatchObject({ result: "lost", duration: 600 });
  });

  it("lets a control route finish an active battle now", async () => {
    const { id } = await createBattle();
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    const finish = await test.call("POST", `/sandbox/battles/${id}/finish`);
    expect(finish.body).toEqual({ id, status: "completed" });
    const details = await test.call("GET", `/v1/battles/${id}`, { key: test.key("bob") });
    expect(details.body.status).toBe("completed");
  });
});

describe("POST /v1/battles/{id}/submit", () => {
  async function activeBattle(): Promise<string> {
    const { id } = await createBattle();
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("carol") });
    return id;
  }

  it("answers shape B with submissionId, status testing and one test result per test", async () => {
    const id = await activeBattle();
    const response = await test.call("POST", `/v1/battles/${id}/submit?shape=B`, {
      key: test.key("bob"),
      body: { language: "python", code: "PASS" },
    });
    expect(Object.keys(response.body as object).sort()).toEqual([
      "executionTime",
      "score",
      "status",
      "submissionId",
      "testResults",
    ]);
    expect(response.body.status).toBe("testing");
    expect(response.body.testResults).toHaveLength(5);
    expect(response.body.testResults[0]).toEqual({
      input: expect.any(String),
      expected: expect.any(String),
      actual: expect.any(String),
      passed: true,
    });
  });

  it("refuses a submission from someone who did not join with 403 FORBIDDEN", async () => {
    const id = await activeBattle();
    const response = await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("alice"),
      body: { language: "python", code: "PASS" },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("FORBIDDEN");
  });

  it("refuses a language outside the allowed set, naming language", async () => {
    const id = await activeBattle();
    const response = await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("bob"),
      body: { language: "cobol", code: "PASS" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: "language", value: "cobol" });
  });

  it("answers 404 NOT_FOUND for a battle that does not exist", async () => {
    const response = await test.call("POST", "/v1/battles/bat_nope/submit", {
      key: test.key("bob"),
      body: { language: "python", code: "PASS" },
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NOT_FOUND");
  });
});
