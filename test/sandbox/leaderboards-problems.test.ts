import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RankingItem } from "./support/answers.js";
import { startTestSandbox, type TestSandbox } from "./support/sandbox.js";

let test: TestSandbox;
beforeEach(async () => {
  test = await startTestSandbox();
});
afterEach(async () => {
  await test.close();
});

describe("leaderboards", () => {
  it("ranks every user by rating in the global leaderboard", async () => {
    const response = await test.call("GET", "/v1/leaderboards/global?limit=3", { key: test.key("read") });
    expect(response.body.total).toBe(7);
    expect(response.body.hasMore).toBe(true);
    expect(response.body.rankings[0]).toEqual({
      rank: 1,
      user: { id: expect.any(String), username: "alice", rating: 2350, tier: "grandmaster" },
      winRate: 0,
      battlesWon: 0,
    });
    const rankings: RankingItem[] = response.body.rankings;
    expect(rankings.map((ranking) => ranking.user.username)).toEqual(["alice", "grace", "bob"]);
    const rest = await test.call("GET", "/v1/leaderboards/global?limit=3&offset=6", {
      key: test.key("read"),
    });
    const restRankings: RankingItem[] = rest.body.rankings;
    expect(restRankings.map((ranking) => [ranking.rank, ranking.user.username])).toEqual([[7, "frank"]]);
  });

  it("gives rank info with a daily rating history that grows after a battle", async () => {
    const before = await test.call("GET", "/v1/leaderboards/users/me/rank", { key: test.key("carol") });
    expect(before.body).toMatchObject({ globalRank: 4, rating: 1650, tier: "platinum", percentile: 42.9 });
    expect(before.body.ratingHistory.length).toBeGreaterThan(5);
    expect(before.body.ratingHistory[before.body.ratingHistory.length - 1]).toEqual({
      date: "2025-12-31",
      rating: 1650,
    });

    const { id } = (
      await test.call("POST", "/v1/battles", {
        key: test.key("carol"),
        body: { type: "realtime", difficulty: "easy", language: "python", participants: 2 },
      })
    ).body;
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("carol") });
    await test.call("POST", `/v1/battles/${id}/join`, { key: test.key("bob") });
    await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("carol"),
      body: { language: "python", code: "PASS" },
    });
    await test.call("POST", `/v1/battles/${id}/submit`, {
      key: test.key("bob"),
      body: { language: "python", code: "FAIL" },
    });

    const after = await test.call("GET", "/v1/leaderboards/users/me/rank", { key: test.key("carol") });
    expect(after.body.ratingHistory[after.body.ratingHistory.length - 1]).toEqual({
      date: "2026-01-01",
      rating: 1674,
    });
    const global = await test.call("GET", "/v1/leaderboards/global", { key: test.key("read") });
    const globalRankings: RankingItem[] = global.body.rankings;
    expect(globalRankings.find((ranking) => ranking.user.username === "carol")).toMatchObject({
      battlesWon: 1,
      winRate: 1,
    });
  });
});

describe("GET /v1/problems", () => {
  it("holds twelve problems of each difficulty", async () => {
    for (const difficulty of ["easy", "medium", "hard"]) {
      const response = await test.call("GET", `/v1/problems?difficulty=${difficulty}&limit=100`, {
        key: test.key("read"),
      });
      expect(response.body.problems).toHaveLength(12);
      expect(response.body.hasMore).toBe(false);
      expect(response.body).not.toHaveProperty("nextCursor");
    }
  });

  it("pages with a cursor and with an offset", async () => {
    const first = await test.call("GET", "/v1/problems?limit=20", { key: test.key("read") });
    expect(first.body.problems).toHaveLength(20);
    expect(first.body.problems[0]).toEqual({ id: "prb_easy_01", title: "Two Sum", difficulty: "easy" });
    expect(first.body.hasMore).toBe(true);
    const second = await test.call("GET", `/v1/problems?limit=20&cursor=${first.body.nextCursor}`, {
      key: test.key("read"),
    });
    expect(second.body.problems).toHaveLength(16);
    expect(second.body.hasMore).toBe(false);
    const byOffset = await test.call("GET", "/v1/problems?limit=1&offset=35", { key: test.key("read") });
    expect(byOffset.body.problems).toEqual([
      { id: "prb_hard_12", title: "Burst Balloons", difficulty: "hard" },
    ]);
    const badCursor = await test.call("GET", "/v1/problems?cursor=zzz", { key: test.key("read") });
    expect(badCursor.body.error.details).toEqual({ field: "cursor", value: "zzz" });
  });
});
