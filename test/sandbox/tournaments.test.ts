import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TournamentItem } from "./support/answers.js";
import { startTestSandbox, type TestSandbox } from "./support/sandbox.js";

let test: TestSandbox;
beforeEach(async () => {
  test = await startTestSandbox();
});
afterEach(async () => {
  await test.close();
});

async function tournamentTitled(title: string): Promise<TournamentItem> {
  const list = await test.call("GET", "/v1/tournaments?limit=100", { key: test.key("read") });
  const tournaments: TournamentItem[] = list.body.tournaments;
  const found = tournaments.find((tournament) => tournament.title === title);
  if (found === undefined) throw new Error(`no tournament ${title}`);
  return found;
}

describe("GET /v1/tournaments", () => {
  it("lists seeded tournaments in every status, shape A with total and hasMore", async () => {
    const response = await test.call("GET", "/v1/tournaments", { key: test.key("read") });
    expect(response.body.total).toBe(6);
    expect(response.body.hasMore).toBe(false);
    const tournaments: TournamentItem[] = response.body.tournaments;
    expect(new Set(tournaments.map((tournament) => tournament.status))).toEqual(
      new Set(["open", "active", "completed"]),
    );
    expect(Object.keys(response.body.tournaments[0] as object).sort()).toEqual(
      ["id", "maxParticipants", "participants", "prizePool", "startTime", "status", "title"].sort(),
    );
  });

  it("answers shape B with name, format, prize and startsAt, and the tournaments array only", async () => {
    const response = await test.call("GET", "/v1/tournaments?shape=B&status=open", { key: test.key("read") });
    expect(Object.keys(response.body as object)).toEqual(["tournaments"]);
    expect(response.body.tournaments).toHaveLength(3);
    expect(Object.keys(response.body.tournaments[0] as object).sort()).toEqual(
      ["format", "id", "maxParticipants", "name", "participants", "prize", "startsAt", "status"].sort(),
    );
  });

  it("filters by status and difficulty and pages with limit and offset", async () => {
    const hard = await test.call("GET", "/v1/tournaments?difficulty=hard", { key: test.key("read") });
    const hardOnes: TournamentItem[] = hard.body.tournaments;
    expect(hardOnes.map((tournament) => tournament.title).sort()).toEqual([
      "Autumn Classic",
      "Hardcore Invitational",
    ]);
    const page = await test.call("GET", "/v1/tournaments?limit=2&offset=2", { key: test.key("read") });
    expect(page.body).toMatchObject({ total: 6, hasMore: true });
    expect(page.body.tournaments).toHaveLength(2);
    const bad = await test.call("GET", "/v1/tournaments?status=cancelled", { key: test.key("read") });
    expect(bad.body.error.details).toEqual({ field: "status", value: "cancelled" });
  });

  it("serves at most its page cap whatever limit asks, and says more follow", async () => {
    test.sandbox.state.listPageCap = 4;
    const first = await test.call("GET", "/v1/tournaments?limit=100", { key: test.key("read") });
    expect(first.body).toMatchObject({ total: 6, hasMore: true });
    expect(first.body.tournaments).toHaveLength(4);
    const rest = await test.call("GET", "/v1/tournaments?limit=100&offset=4", { key: test.key("read") });
    expect(rest.body).toMatchObject({ total: 6, hasMore: false });
    expect(rest.body.tournaments).toHaveLength(2);
  });
});

describe("registration", () => {
  it("registers in shape A and shape B and refuses a second registration", async () => {
    const { id } = await tournamentTitled("Algorithms Open");
    const a = await test.call("POST", `/v1/tournaments/${id}/register`, { key: test.key("bob") });
    expect(a.body).toEqual({
      registered: true,
      registrationId: expect.stringMatching(/^reg_/),
      tournament: { id, title: "Algorithms Open" },
    });
    const b = await test.call("POST", `/v1/tournaments/${id}/register?shape=B`, { key: test.key("carol") });
    expect(b.body).toEqual({
      success: true,
      registration: {
        tournamentId: id,
        userId: expect.any(String),
        registeredAt: "2026-01-01T12:00:00.000Z",
        status: "confirmed",
      },
    });
    const again = await test.call("POST", `/v1/tournaments/${id}/register`, { key: test.key("bob") });
    expect(again.status).toBe(409);
    expect((await tournamentTitled("Algorithms Open")).participants).toBe(2);
  });

  it("takes a late registration while a tournament is active, and refuses one once it is completed", async () => {
    const frank = test.sandbox.control.createApiKey({ username: "frank", level: "write" }).key;
    const active = await tournamentTitled("Night Owl Marathon");
    const late = await test.call("POST", `/v1/tournaments/${active.id}/register`, { key: frank });
    expect(late.status).toBe(200);
    expect((await tournamentTitled("Night Owl Marathon")).participants).toBe(active.participants + 1);
    const completed = await tournamentTitled("Autumn Classic");
    const closed = await test.call("POST", `/v1/tournaments/${completed.id}/register`, { key: frank });
    expect(closed.status).toBe(409);
  });
});

describe("tournament moves and leaderboard", () => {
  it("starts (announcing system.tournament_started) and completes, with a ranked leaderboard", async () => {
    const { id } = await tournamentTitled("Weekly Sprint #42");
    await test.call("POST", `/v1/tournaments/${id}/register`, { key: test.key("carol") });
    expect((await test.call("POST", `/sandbox/tournaments/${id}/start`)).body).toEqual({
      id,
      status: "active",
    });
    const events = await test.call("GET", "/sandbox/events?kind=system.tournament_started");
    expect(events.body.events[0].data).toMatchObject({
      object: "tournament",
      id,
      title: "Weekly Sprint #42",
      participants: 3,
    });

    // A full score in less time than any stand-in result (600 s at least), so carol ranks first whatever the
    // other registrants' hash-derived results are.
    await test.call("POST", `/sandbox/tournaments/${id}/results`, {
      body: { username: "carol", score: 300, problemsSolved: 3, totalTime: 500 },
    });
    await test.call("POST", `/sandbox/tournaments/${id}/complete`);
    const board = await test.call("GET", `/v1/tournaments/${id}/leaderboard`, { key: test.key("carol") });
    expect(board.body.leaderboard[0]).toEqual({
      rank: 1,
      user: { id: expect.any(String), username: "carol" },
      score: 300,
      problemsSolved: 3,
      totalTime: 500,
    });
    expect(board.body.leaderboard).toHaveLength(3);
    expect(board.body).toMatchObject({ userRank: 1, userScore: 300 });
    expect((await tournamentTitled("Weekly Sprint #42")).status).toBe("completed");
  });

  it("starts an open tournament by itself when its start time comes", async () => {
    const { id } = await tournamentTitled("Weekly Sprint #42");
    await test.sandbox.advance(2 * 24 * 3_600_000);
    expect((await tournamentTitled("Weekly Sprint #42")).status).toBe("active");
    await test.sandbox.advance(2 * 3_600_000);
    expect((await tournamentTitled("Weekly Sprint #42")).status).toBe("completed");
    const board = await test.call("GET", `/v1/tournaments/${id}/leaderboard`, { key: test.key("dave") });
    expect(board.body).toMatchObject({ userRank: 0, userScore: 0 });
  });

  it("creates an open tournament at a given start, moves its start, and starts it when that comes", async () => {
    const created = await test.call("POST", "/sandbox/tournaments", {
      body: { title: "Flash Cup", startsInSeconds: 660, maxParticipants: 8, prize: "Swag" },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    const start = test.clock.now() + 660_000;
    expect(await tournamentTitled("Flash Cup")).toMatchObject({
      id,
      status: "open",
      startTime: new Date(start).toISOString(),
      maxParticipants: 8,
      prizePool: "Swag",
    });
    const moved = await test.call("POST", `/sandbox/tournaments/${id}/reschedule`, {
      body: { startsAt: new Date(start + 600_000).toISOString() },
    });
    expect(moved.body).toEqual({ id, startTime: new Date(start + 600_000).toISOString() });
    await test.sandbox.advance(660_000);
    expect((await tournamentTitled("Flash Cup")).status).toBe("open");
    await test.sandbox.advance(600_000);
    expect((await tournamentTitled("Flash Cup")).status).toBe("active");
    const again = await test.call("POST", `/sandbox/tournaments/${id}/reschedule`, {
      body: { startsInSeconds: 60 },
    });
    expect(again.status).toBe(409);
  });

  it("refuses a tournament without exactly one of startsAt and startsInSeconds", async () => {
    const neither = await test.call("POST", "/sandbox/tournaments", { body: { title: "No start" } });
    expect(neither.status).toBe(400);
  });

  it("answers 404 for the leaderboard of an unknown tournament", async () => {
    const response = await test.call("GET", "/v1/tournaments/trn_nope/leaderboard", {
      key: test.key("read"),
    });
    expect(response.status).toBe(404);
  });
});
