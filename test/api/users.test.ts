import { describe, expect, it } from "vitest";
import { getCurrentUser, getCurrentUserStats, updateCurrentUser } from "../../src/api/users.js";
import { createFixtureClient, credential, usePlatformFixture } from "./platform-fixture.js";

const fixture = usePlatformFixture();

describe("getCurrentUser", () => {
  it("returns the account behind the credential", async () => {
    const { http } = createFixtureClient(fixture);
    expect(await getCurrentUser(http, credential)).toEqual({
      id: "user_alice",
      username: "alice",
      email: "alice@example.com",
      rating: 1850,
      tier: "platinum",
      joinedAt: "2023-03-01T12:00:00Z",
    });
  });
});

describe("updateCurrentUser", () => {
  it("puts only the fields given and returns the updated profile", async () => {
    const { http } = createFixtureClient(fixture);
    const result = await updateCurrentUser(http, credential, {
      displayName: "Alice",
      bio: "Loves graphs",
      website: undefined,
    });
    expect(fixture.requests[0]?.method).toBe("PUT");
    expect(fixture.requests[0]?.body).toEqual({ displayName: "Alice", bio: "Loves graphs" });
    expect(result).toEqual({
      success: true,
      user: { id: "user_alice", username: "alice", displayName: "Alice", bio: "Loves graphs" },
    });
  });
});

describe("getCurrentUserStats", () => {
  it("sends the timeframe and turns the signed rating change into a number", async () => {
    const { http } = createFixtureClient(fixture);
    const stats = await getCurrentUserStats(http, credential, { timeframe: "30d" });
    expect(fixture.requests[0]?.query.get("timeframe")).toBe("30d");
    expect(stats).toEqual({
      totalBattles: 150,
      wins: 95,
      losses: 55,
      winRate: 0.633,
      averageTime: 1245,
      rating: 1850,
      ratingChange: 25,
    });
  });

  it("reads a negative change and omits the timeframe when none is asked for", async () => {
    const { http } = createFixtureClient(fixture);
    fixture.queueReplies({
      body: {
        totalBattles: 1,
        wins: 0,
        losses: 1,
        winRate: 0,
        averageTime: 60,
        rating: 1490,
        ratingChange: "-10",
      },
    });
    const stats = await getCurrentUserStats(http, credential);
    expect(fixture.requests[0]?.query.has("timeframe")).toBe(false);
    expect(stats.ratingChange).toBe(-10);
  });
});
