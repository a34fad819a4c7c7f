import { describe, expect, it } from "vitest";
import type { KnownMember } from "../../../src/commands/rank/known-member.js";
import { renderMemberRank } from "../../../src/commands/rank/render-member-rank.js";
import { renderOwnRank } from "../../../src/commands/rank/render-own-rank.js";

const rank = {
  globalRank: 12,
  rating: 1850,
  tier: "diamond",
  percentile: 88.2,
  ratingHistory: [
    { date: "2025-01-01", rating: 1800 },
    { date: "2025-02-01", rating: 1901 },
  ],
};

describe("renderOwnRank", () => {
  it("shows rank, rating, tier, percentile and peak, with the chart attachment as the image", () => {
    const embed = renderOwnRank({ username: "ada", rank, hasChart: true }).embeds?.[0];
    expect(embed?.title).toBe("ada — global rank #12");
    expect(embed?.fields?.map((field) => [field.name, field.value])).toEqual([
      ["Global rank", "#12"],
      ["Rating", "1850"],
      ["Tier", "Diamond"],
      ["Ahead of", "88.2% of players"],
      ["Peak rating", "1901"],
    ]);
    expect(embed?.image?.url).toBe("attachment://rating.png");
  });

  it("says the chart is missing when there is no rating history", () => {
    const embed = renderOwnRank({
      username: "ada",
      rank: { ...rank, ratingHistory: [], tier: undefined, percentile: undefined },
      hasChart: false,
    }).embeds?.[0];
    expect(embed?.image).toBeUndefined();
    expect(embed?.footer?.text).toMatch(/No rating history yet/);
    expect(embed?.fields?.find((field) => field.name === "Peak rating")?.value).toBe("1850");
    expect(embed?.fields?.find((field) => field.name === "Ahead of")?.value).toBe("—");
  });
});

describe("renderMemberRank", () => {
  const member: KnownMember = {
    userId: "200",
    platformUsername: "grace_hopper",
    rating: 2050,
    tier: "master",
    seenAt: 1_700_000_000_500,
  };

  it("shows what the read model knows and points to /rank for the rest", () => {
    const embed = renderMemberRank(member).embeds?.[0];
    expect(embed?.title).toBe("grace\\_hopper");
    expect(embed?.description).toBe(
      [
        "<@200> on the platform: **grace\\_hopper**.",
        "Rating as last seen by the bot <t:1700000000:R>.",
        "Their global rank and rating history show when they run `/rank` themselves.",
      ].join("\n"),
    );
    expect(embed?.fields?.map((field) => field.value)).toEqual(["2050", "Master"]);
  });

  it("says when the bot has not seen the member's rating yet", () => {
    const embed = renderMemberRank({ ...member, rating: null, tier: null, seenAt: undefined }).embeds?.[0];
    expect(embed?.description).toContain("The bot has not seen their rating yet.");
    expect(embed?.fields?.map((field) => field.value)).toEqual(["—", "—"]);
  });
});
