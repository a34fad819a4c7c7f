import { describe, expect, it } from "vitest";
import { getGlobalLeaderboard, getMyRank } from "../../src/api/leaderboards.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

describe("getGlobalLeaderboard", () => {
  it("passes paging and returns rankings with total and hasMore", async () => {
    const { http } = createFixtureClient(fixture);
    const board = await getGlobalLeaderboard(http, credential, { limit: 10, offset: 20 });
    expect(Object.fromEntries(fixture.requests[0]?.query ?? [])).toEqual({ limit: "10", offset: "20" });
    expect(board).toEqual({
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
    });
  });
});

describe("getMyRank", () => {
  it("returns rank, tier, percentile and rating history", async () => {
    const { http } = createFixtureClient(fixture);
    expect(await getMyRank(http, credential)).toEqual({
      globalRank: 1234,
      rating: 1850,
      tier: "platinum",
      percentile: 97.5,
      ratingHistory: [
        { date: "2024-01-01", rating: 1800 },
        { date: "2024-01-15", rating: 1850 },
      ],
    });
  });
});
