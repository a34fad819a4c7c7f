// Contract: the battle functions of src/api against the sandbox, in both response shapes (the platform's API
// reference "Endpoints › Battles"; shapes per key, sandbox/README.md "Shapes").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBattle,
  getBattle,
  joinBattle,
  listBattles,
  submitToBattle,
  type PlatformCredential,
} from "../../src/api/index.js";
import type { Battle } from "../../sandbox/state.js";
import { startContractSandbox, toIso, type ContractWorld } from "./support/contract-sandbox.js";

let world: ContractWorld;
let bob: PlatformCredential;
let carolB: PlatformCredential;

beforeAll(async () => {
  world = await startContractSandbox();
  bob = world.credential("bob", "write", "A");
  carolB = world.credential("carol", "write", "B");
});
afterAll(async () => {
  await world.close();
});

function storedBattle(id: string): Battle {
  const battle = world.sandbox.state.battles.get(id);
  if (battle === undefined) throw new Error(`the sandbox holds no battle ${id}`);
  return battle;
}

function problemOf(battle: Battle): { id: string; title: string; difficulty: string } {
  const problem = world.sandbox.state.problems.find((candidate) => candidate.id === battle.problemId);
  if (problem === undefined) throw new Error(`no problem ${battle.problemId}`);
  return { id: problem.id, title: problem.title, difficulty: problem.difficulty };
}

describe("creating battles", () => {
  it("sends a shape A request and reads the shape A answer (joinUrl, no participants)", async () => {
    const created = await createBattle(world.http, bob, {
      type: "practice",
      difficulty: "medium",
      language: "python",
      timeLimit: 900,
      participants: 2,
      problemId: "prb_medium_03",
    });

    const stored = storedBattle(created.id);
    expect(stored).toMatchObject({
      type: "practice",
      difficulty: "medium",
      language: "python",
      timeLimit: 900,
      capacity: 2,
      problemId: "prb_medium_03",
      creatorId: world.user("bob").id,
      status: "waiting",
    });
    expect(created).toEqual({
      id: stored.id,
      type: "practice",
      status: "waiting",
      problem: problemOf(stored),
      createdAt: toIso(stored.createdAt),
      joinUrl: `${world.sandbox.url}/v1/battles/${stored.id}/join`,
      participantCount: 0,
    });
  });

  it("sends a shape B request (maxParticipants) and reads the shape B answer (empty participants)", async () => {
    const created = await createBattle(
      world.http,
      carolB,
      { type: "quick", difficulty: "easy", language: "javascript", timeLimit: 600, participants: 3 },
      { shape: "B" },
    );

    const stored = storedBattle(created.id);
    expect(stored).toMatchObject({ type: "quick", difficulty: "easy", capacity: 3, status: "waiting" });
    // Shape B has no timeLimit field, so the sandbox's default applies.
    expect(stored.timeLimit).toBe(3600);
    expect(created).toEqual({
      id: stored.id,
      type: "quick",
      status: "waiting",
      problem: problemOf(stored),
      createdAt: toIso(stored.createdAt),
      joinUrl: undefined,
      participantCount: 0,
    });
  });

  it("reads a shape B answer to the default shape A request", async () => {
    const input = {
      type: "arena",
      difficulty: "hard",
      language: "java",
      timeLimit: 1200,
      participants: 4,
    } as const;
    const created = await createBattle(world.http, carolB, input);
    const stored = storedBattle(created.id);
    expect(stored).toMatchObject({ type: "arena", timeLimit: 1200, capacity: 4 });
    expect(created).toMatchObject({ status: "waiting", participantCount: 0 });
    expect(created.joinUrl).toBeUndefined();
  });
});

describe("playing a battle", () => {
  it("joins, reads details, submits in both submission shapes and lists the result", async () => {
    const { id } = await createBattle(world.http, bob, {
      type: "realtime",
      difficulty: "medium",
      language: "python",
      timeLimit: 900,
      participants: 2,
      problemId: "prb_medium_03",
    });
    const waiting = await getBattle(world.http, bob, id);
    expect(waiting).toEqual({
      id,
      type: "realtime",
      status: "waiting",
      participants: [],
      timeRemaining: 900,
      leaderboard: [],
    });

    const first = await joinBattle(world.http, bob, id);
    world.clock.advance(5_000);
    const second = await joinBattle(world.http, carolB, id);
    const stored = storedBattle(id);
    expect(first.success).toBe(true);
    expect(first.battle).toEqual({
      id,
      status: "active",
      participants: [{ id: world.user("bob").id, username: "bob", joinedAt: toIso(stored.startedAt!) }],
    });
    expect(second.battle.participants).toEqual(
      stored.participants.map((participant) => ({
        id: participant.userId,
        username: world.sandbox.state.users.get(participant.userId)?.username,
        joinedAt: toIso(participant.joinedAt),
      })),
    );

    world.clock.advance(25_000);
    const active = await getBattle(world.http, carolB, id);
    expect(active.status).toBe("active");
    expect(active.timeRemaining).toBe(900 - 30);
    expect(active.participants).toEqual([
      { id: world.user("bob").id, username: "bob", rating: world.user("bob").rating },
      { id: world.user("carol").id, username: "carol", rating: world.user("carol").rating },
    ]);

    const shapeA = await submitToBattle(world.http, bob, id, { language: "python", code: "# PASS" });
    const bobSubmission = stored.submissions[0]!;
    expect(shapeA).toEqual({
      id: bobSubmission.id,
      status: "accepted",
      score: 100,
      executionTime: bobSubmission.executionTime,
      memoryUsed: bobSubmission.memoryUsed,
      testCases: { passed: 8, failed: 0, total: 8 },
      testResults: undefined,
    });

    // "print(2)" passes 5 of the 8 tests of prb_medium_03 in python (the stand-in judge, core/judge.ts).
    const shapeB = await submitToBattle(world.http, carolB, id, { language: "python", code: "print(2)" });
    const carolSubmission = stored.submissions[1]!;
    expect(shapeB).toEqual({
      id: carolSubmission.id,
      status: "testing",
      score: carolSubmission.score,
      executionTime: carolSubmission.executionTime,
      memoryUsed: undefined,
      testCases: { passed: 5, failed: 3, total: 8 },
      testResults: carolSubmission.testResults,
    });

    // Every seat taken and every participant submitted: the battle is over.
    const completed = await getBattle(world.http, bob, id);
    expect(stored.status).toBe("completed");
    expect(completed).toMatchObject({ status: "completed", timeRemaining: 0 });
    expect(completed.leaderboard).toEqual([
      { userId: world.user("bob").id, username: "bob", score: 100, submissions: 1 },
      { userId: world.user("carol").id, username: "carol", score: carolSubmission.score, submissions: 1 },
    ]);

    const history = await listBattles(world.http, bob, { status: "completed" });
    expect(history).toEqual({
      battles: [
        {
          id,
          type: "realtime",
          status: "completed",
          result: "won",
          score: 100,
          duration: Math.round((stored.completedAt! - stored.startedAt!) / 1000),
          completedAt: toIso(stored.completedAt!),
        },
      ],
      total: 1,
      page: 1,
      hasMore: false,
    });
  });

  it("lists the caller's battles newest first, paged by limit", async () => {
    const bobId = world.user("bob").id;
    const mine = [...world.sandbox.state.battles.values()]
      .filter(
        (battle) =>
          battle.creatorId === bobId ||
          battle.participants.some((participant) => participant.userId === bobId),
      )
      .sort((a, b) => b.createdAt - a.createdAt);
    expect(mine.length).toBeGreaterThan(1);

    const page = await listBattles(world.http, bob, { limit: 1 });
    expect(page.total).toBe(mine.length);
    expect(page.hasMore).toBe(true);
    expect(page.page).toBe(1);
    expect(page.battles.map((battle) => battle.id)).toEqual([mine[0]!.id]);

    const waiting = await listBattles(world.http, bob, { status: "waiting" });
    expect(waiting.battles.map((battle) => battle.id)).toEqual(
      mine.filter((battle) => battle.status === "waiting").map((battle) => battle.id),
    );
    expect(waiting.battles[0]).toMatchObject({ result: "pending", score: 0 });
    // The sandbox leaves `completedAt` out until the battle ends.
    expect(waiting.battles[0]?.completedAt).toBeUndefined();
  });
});
