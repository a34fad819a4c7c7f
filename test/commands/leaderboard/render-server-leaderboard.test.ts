import { describe, expect, it } from "vitest";
import { renderServerLeaderboard } from "../../../src/commands/leaderboard/render-server-leaderboard.js";
import { normaliseMessage } from "../../../src/discord/message-limits.js";
import type { ServerLeaderboardRow } from "../../../src/store/platform-users.js";

function row(userId: string, username: string, rating: number): ServerLeaderboardRow {
  return { userId, platformUserId: `usr_${username}`, username, rating, tier: "gold", updatedAt: 0 };
}

describe("renderServerLeaderboard", () => {
  it("numbers members across pages, shows them as mentions and marks the viewer", () => {
    const reply = renderServerLeaderboard({
      rows: [row("101", "ann", 1500), row("102", "ben_b", 1400)],
      page: 1,
      pageSize: 10,
      viewerUserId: "102",
    });
    expect(reply.embeds?.[0]?.description?.split("\n")).toEqual([
      "**11.** <@101> (ann) · 1500 · Gold",
      "**12.** <@102> (ben\\_b) · 1400 · Gold ← you",
    ]);
    expect(reply.embeds?.[0]?.footer?.text).toBe("Page 2 · ratings as last seen by the bot");
    // Mentions are for display only; the reply helper's default allows none.
    expect(reply.allowed_mentions).toBeUndefined();
  });

  it("shows every member of a full page whose names and tiers are long and all markdown", () => {
    // Each "_" is escaped to two characters: cut at 256, ten such rows overran the 4,096-character
    // description, and the members past the cut were on no page.
    const rows = Array.from({ length: 10 }, (_, index) => ({
      ...row(String(1000 + index), "_".repeat(300), 2000 - index),
      tier: "_".repeat(300),
    }));
    const reply = renderServerLeaderboard({ rows, page: 0, pageSize: 10, viewerUserId: "1009" });
    const description = reply.embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(4096);
    expect(normaliseMessage(reply).embeds?.[0]?.description).toBe(description);
    const lines = description.split("\n");
    expect(lines).toHaveLength(10);
    expect(lines[9]).toMatch(/^\*\*10\.\*\* <@1009> .* ← you$/u);
  });

  it("tells members how to appear when nobody has a known rating", () => {
    const reply = renderServerLeaderboard({ rows: [], page: 0, pageSize: 10, viewerUserId: "1" });
    expect(reply.embeds?.[0]?.description).toMatch(/^No linked member has a known rating yet/);
  });
});
