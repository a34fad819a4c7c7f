import { describe, expect, it } from "vitest";
import type { GlobalRanking } from "../../../src/api/schemas/leaderboard.js";
import { hasMoreRankings } from "../../../src/commands/leaderboard/global-leaderboard-list.js";
import { renderGlobalLeaderboard } from "../../../src/commands/leaderboard/render-global-leaderboard.js";
import { normaliseMessage } from "../../../src/discord/message-limits.js";

function ranking(rank: number, username = `player${String(rank)}`): GlobalRanking {
  return {
    rank,
    user: { id: `usr_${String(rank)}`, username, rating: 3000 - rank, tier: "gold" },
    winRate: 0.456,
    battlesWon: 7,
  };
}

describe("renderGlobalLeaderboard", () => {
  it("lists one line per player with rating, tier, win rate and wins, marking the viewer", () => {
    const reply = renderGlobalLeaderboard({
      board: { rankings: [ranking(11), ranking(12, "my_name")], total: 25, hasMore: true },
      page: 1,
      pageSize: 10,
      viewerPlatformUserId: "usr_12",
    });
    const embed = reply.embeds?.[0];
    expect(embed?.description?.split("\n")).toEqual([
      "**#11** player11 · 2989 · Gold · 46% won · 7 wins",
      "**#12** my\\_name · 2988 · Gold · 46% won · 7 wins ← you",
    ]);
    expect(embed?.footer?.text).toBe("Page 2 of 3 · 25 players");
  });

  it("says 1 win, not 1 wins", () => {
    const reply = renderGlobalLeaderboard({
      board: { rankings: [{ ...ranking(1), battlesWon: 1 }], total: 1, hasMore: false },
      page: 0,
      pageSize: 10,
      viewerPlatformUserId: undefined,
    });
    expect(reply.embeds?.[0]?.description).toBe("**#1** player1 · 2999 · Gold · 46% won · 1 win");
  });

  it("leaves out what the platform did not send", () => {
    const bare: GlobalRanking = {
      rank: 1,
      user: { id: "usr_1", username: "solo", rating: undefined, tier: undefined },
      winRate: undefined,
      battlesWon: undefined,
    };
    const embed = renderGlobalLeaderboard({
      board: { rankings: [bare], total: undefined, hasMore: undefined },
      page: 0,
      pageSize: 10,
      viewerPlatformUserId: undefined,
    }).embeds?.[0];
    expect(embed?.description).toBe("**#1** solo · — · —");
    expect(embed?.footer?.text).toBe("Page 1");
  });

  it("explains an empty page", () => {
    const empty = { rankings: [], total: 0, hasMore: false };
    const first = renderGlobalLeaderboard({
      board: empty,
      page: 0,
      pageSize: 10,
      viewerPlatformUserId: undefined,
    });
    const later = renderGlobalLeaderboard({
      board: empty,
      page: 4,
      pageSize: 10,
      viewerPlatformUserId: undefined,
    });
    expect(first.embeds?.[0]?.description).toBe("The leaderboard is empty.");
    expect(later.embeds?.[0]?.description).toMatch(/^Nobody on this page/);
  });

  it("stays within Discord's embed limits with very long usernames", () => {
    const rankings = Array.from({ length: 10 }, (_, index) => ranking(index + 1, "x".repeat(500)));
    const reply = renderGlobalLeaderboard({
      board: { rankings, total: 10, hasMore: false },
      page: 0,
      pageSize: 10,
      viewerPlatformUserId: undefined,
    });
    const description = normaliseMessage(reply).embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(4096);
    expect(description.startsWith("**#1** xxx")).toBe(true);
  });

  it("shows every player of a full page whose names and tiers are long and all markdown", () => {
    // Each "_" is escaped to two characters: cut at 256, ten such names and tiers overran the 4,096-character
    // description, and the players past the cut were on no page.
    const rankings = Array.from({ length: 10 }, (_, index) => ({
      ...ranking(index + 1, "_".repeat(300)),
      user: {
        id: `usr_${String(index + 1)}`,
        username: "_".repeat(300),
        rating: 2000,
        tier: "_".repeat(300),
      },
    }));
    const reply = renderGlobalLeaderboard({
      board: { rankings, total: 10, hasMore: false },
      page: 0,
      pageSize: 10,
      viewerPlatformUserId: "usr_10",
    });
    const description = reply.embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(4096);
    expect(normaliseMessage(reply).embeds?.[0]?.description).toBe(description);
    const lines = description.split("\n");
    expect(lines.map((line) => line.slice(0, line.indexOf(" ")))).toEqual(
      Array.from({ length: 10 }, (_, index) => `**#${String(index + 1)}**`),
    );
    expect(lines[9]).toMatch(/ ← you$/u);
  });
});

describe("hasMoreRankings", () => {
  it("trusts hasMore, then total, then whether the page was full", () => {
    const rankings = Array.from({ length: 10 }, (_, index) => ranking(index + 1));
    expect(hasMoreRankings({ rankings, total: 100, hasMore: false }, 0, 10)).toBe(false);
    expect(hasMoreRankings({ rankings, total: 20, hasMore: undefined }, 0, 10)).toBe(true);
    expect(hasMoreRankings({ rankings, total: 20, hasMore: undefined }, 1, 10)).toBe(false);
    expect(hasMoreRankings({ rankings, total: undefined, hasMore: undefined }, 0, 10)).toBe(true);
    expect(
      hasMoreRankings({ rankings: rankings.slice(3), total: undefined, hasMore: undefined }, 0, 10),
    ).toBe(false);
  });
});
