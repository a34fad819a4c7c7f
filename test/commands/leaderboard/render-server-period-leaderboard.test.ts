import { describe, expect, it } from "vitest";
import { renderServerPeriodLeaderboard } from "../../../src/commands/leaderboard/render-server-period-leaderboard.js";
import { normaliseMessage } from "../../../src/discord/message-limits.js";
import type { MemberPeriodTotals } from "../../../src/store/member-activity-periods.js";

const now = Date.UTC(2026, 10, 21);
const window = { from: now - 7 * 86_400_000, to: now };

function row(platformUserId: string, ratingChange: number, won = 0, played = 0): MemberPeriodTotals {
  return {
    platformUserId,
    ratingChange,
    latestRating: 1500 + ratingChange,
    battlesPlayed: played,
    battlesWon: won,
  };
}

const members = [
  { userId: "101", platformUserId: "usr_ann", platformUsername: "ann" },
  { userId: "102", platformUserId: "usr_ben", platformUsername: "ben_b" },
  // A second member linked to ann's account later: the first link names her.
  { userId: "109", platformUserId: "usr_ann", platformUsername: "ann" },
];

describe("renderServerPeriodLeaderboard", () => {
  it("numbers members across pages by rating gained, with their battles, and marks the viewer", () => {
    const reply = renderServerPeriodLeaderboard({
      period: "week",
      window,
      rows: [row("usr_ann", 40, 3, 4), row("usr_ben", -8), row("usr_gone", 0, 0, 1)],
      members,
      page: 1,
      pageSize: 10,
      viewerUserId: "102",
    });
    const [embed] = reply.embeds ?? [];
    expect(embed?.title).toBe("Server leaderboard: the last 7 days");
    expect(embed?.description?.split("\n")).toEqual([
      `Rating gained since <t:${String(window.from / 1000)}:f>`,
      "",
      "**11.** <@101> (ann) · **+40** · now 1540 · 3 wins in 4 battles",
      "**12.** <@102> (ben\\_b) · **-8** · now 1492 ← you",
      "**13.** usr\\_gone · **±0** · now 1500 · 0 wins in 1 battle",
    ]);
    expect(embed?.footer?.text).toBe("Page 2 · /leaderboard server period:all ranks by rating");
    // Mentions are for display only; the reply helper's default allows none.
    expect(reply.allowed_mentions).toBeUndefined();
  });

  it("shows every member of a full page whose usernames are long and all markdown", () => {
    // Each "_" is escaped to two characters: cut at 256, ten such rows overran the 4,096-character
    // description, and the members past the cut were on no page.
    const linked = Array.from({ length: 10 }, (_, index) => ({
      userId: String(1000 + index),
      platformUserId: `usr_${String(index)}`,
      platformUsername: "_".repeat(300),
    }));
    const reply = renderServerPeriodLeaderboard({
      period: "week",
      window,
      rows: linked.map((member, index) => row(member.platformUserId, 100 - index, 1000, 1000)),
      members: linked,
      page: 0,
      pageSize: 10,
      viewerUserId: "1009",
    });
    const description = reply.embeds?.[0]?.description ?? "";
    expect(description.length).toBeLessThanOrEqual(4096);
    expect(normaliseMessage(reply).embeds?.[0]?.description).toBe(description);
    const lines = description.split("\n").slice(2);
    expect(lines).toHaveLength(10);
    expect(lines[9]).toMatch(/^\*\*10\.\*\* <@1009> .* ← you$/u);
  });

  it("says what the list is waiting for when nobody played in the period", () => {
    const reply = renderServerPeriodLeaderboard({
      period: "month",
      window,
      rows: [],
      members,
      page: 0,
      pageSize: 10,
      viewerUserId: "101",
    });
    expect(reply.embeds?.[0]?.description).toMatch(
      /No linked member changed rating or played a battle in the last 30 days\.$/,
    );
  });
});
