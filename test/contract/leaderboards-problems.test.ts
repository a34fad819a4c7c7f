// Contract: the leaderboard and problem functions of src/api against the sandbox (the platform's API
// reference "Endpoints › Leaderboards"; GET /problems is assumed, docs/platform-assumptions.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getGlobalLeaderboard,
  getMyRank,
  listProblems,
  type PlatformCredential,
  type ProblemSummary,
} from "../../src/api/index.js";
import { dailyRatingHistory, rankUsers } from "../../sandbox/core/leaderboards.js";
import { tierForRating } from "../../sandbox/core/tiers.js";
import { startContractSandbox, type ContractWorld } from "./support/contract-sandbox.js";

let world: ContractWorld;
let reader: PlatformCredential;

beforeAll(async () => {
  world = await startContractSandbox();
  reader = world.credential("dave", "read");
});
afterAll(async () => {
  await world.close();
});

describe("leaderboards", () => {
  it("reads one page of the global ranking", async () => {
    const rankings = rankUsers(world.sandbox.state);
    const page = await getGlobalLeaderboard(world.http, reader, { limit: 3, offset: 2 });
    expect(page).toEqual({
      rankings: rankings.slice(2, 5).map(({ rank, user, winRate, battlesWon }) => ({
        rank,
        user: { id: user.id, username: user.username, rating: user.rating, tier: tierForRating(user.rating) },
        winRate,
        battlesWon,
      })),
      total: 7,
      hasMore: true,
    });
    expect(page.rankings.map((ranking) => ranking.rank)).toEqual([3, 4, 5]);
  });

  it("reads the caller's rank, tier, percentile and daily rating history", async () => {
    const alice = world.user("alice");
    const rank = await getMyRank(world.http, world.credential("alice", "read"));
    expect(rank).toEqual({
      globalRank: 1,
      rating: 2350,
      tier: "grandmaster",
      percentile: 85.7,
      ratingHistory: dailyRatingHistory(world.sandbox.state, alice.id),
    });
    expect(rank.ratingHistory.at(-1)).toEqual({ date: "2025-12-31", rating: 2350 });
  });
});

describe("problems", () => {
  const asSummary = ({ id, title, difficulty }: ProblemSummary): ProblemSummary => ({
    id,
    title,
    difficulty,
  });

  it("walks every page by cursor", async () => {
    const seen: ProblemSummary[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listProblems(world.http, reader, { limit: 10, cursor });
      seen.push(...page.problems);
      expect(page.hasMore).toBe(page.nextCursor !== undefined);
      expect(page.total).toBeUndefined();
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);

    expect(pages).toBe(4);
    expect(seen).toEqual(world.sandbox.state.problems.map(asSummary));
  });

  it("pages by offset", async () => {
    const page = await listProblems(world.http, reader, { limit: 5, offset: 30 });
    expect(page).toEqual({
      problems: world.sandbox.state.problems.slice(30, 35).map(asSummary),
      nextCursor: page.nextCursor,
      hasMore: true,
      total: undefined,
    });
    const last = await listProblems(world.http, reader, { limit: 5, offset: 35 });
    expect(last.problems.map((problem) => problem.id)).toEqual(["prb_hard_12"]);
    expect(last.hasMore).toBe(false);
    expect(last.nextCursor).toBeUndefined();
  });
});
