import { describe, expect, it } from "vitest";
import { describeTimeframe, formatWinRate, renderStats } from "../../../src/commands/stats/render-stats.js";

const stats = {
  totalBattles: 8,
  wins: 5,
  losses: 3,
  winRate: 0.625,
  averageTime: 245,
  rating: 1874,
  ratingChange: 24,
};

describe("renderStats", () => {
  it("shows battles, wins, losses, win rate, average time, rating and its change", () => {
    const embed = renderStats({ username: "ada", timeframe: "30d", stats }).embeds?.[0];
    expect(embed?.title).toBe("ada — last 30 days");
    expect(embed?.fields?.map((field) => [field.name, field.value])).toEqual([
      ["Battles", "8"],
      ["Wins", "5"],
      ["Losses", "3"],
      ["Win rate", "62.5%"],
      ["Average time", "4m 05s"],
      ["Rating", "1874"],
      ["Rating change", "+24"],
    ]);
    expect(embed?.color).toBe(0x23a55a);
  });

  it("shows dashes rather than zeroes before the first battle", () => {
    const embed = renderStats({
      username: "new",
      timeframe: "7d",
      stats: { ...stats, totalBattles: 0, wins: 0, losses: 0, winRate: 0, averageTime: 0, ratingChange: 0 },
    }).embeds?.[0];
    const value = (name: string) => embed?.fields?.find((field) => field.name === name)?.value;
    expect(value("Win rate")).toBe("—");
    expect(value("Average time")).toBe("—");
    expect(value("Rating change")).toBe("±0");
  });
});

describe("stats formatting", () => {
  it("writes win rates as percentages with one decimal at most", () => {
    expect(formatWinRate({ winRate: 1, totalBattles: 3 })).toBe("100%");
    expect(formatWinRate({ winRate: 1 / 3, totalBattles: 3 })).toBe("33.3%");
  });

  it("names timeframes", () => {
    expect(describeTimeframe("365d")).toBe("last 365 days");
    expect(describeTimeframe("1d")).toBe("last day");
  });
});
