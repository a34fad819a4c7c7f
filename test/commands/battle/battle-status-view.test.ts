import { describe, expect, it } from "vitest";
import { renderBattleStatus } from "../../../src/commands/battle/battle-status-view.js";

const now = Date.UTC(2026, 0, 1);

describe("renderBattleStatus", () => {
  it("shows participants, the time left and the ranked leaderboard of a live battle", () => {
    const reply = renderBattleStatus(
      {
        id: "bat_1",
        type: "realtime",
        status: "active",
        participants: [
          { id: "u1", username: "alice", rating: 1500 },
          { id: "u2", username: "bob", rating: undefined },
        ],
        timeRemaining: 750,
        leaderboard: [
          { userId: "u2", username: "bob", score: 80, submissions: 2 },
          { userId: "u1", username: "alice", score: 40, submissions: 1 },
        ],
      },
      now,
      true,
    );
    const fields = Object.fromEntries(
      (reply.embeds?.[0]?.fields ?? []).map((field) => [field.name, field.value]),
    );
    expect(fields["Time remaining"]).toBe(`12m 30s (ends <t:${now / 1000 + 750}:R>)`);
    expect(fields["Participants (2)"]).toBe("• alice (1500)\n• bob");
    expect(fields.Leaderboard).toBe("1. bob — 80 pts · 2 submissions\n2. alice — 40 pts · 1 submission");
    expect(reply.ephemeral).toBe(true);
  });

  it("says when the clock has not started, and that nobody has submitted yet", () => {
    const reply = renderBattleStatus(
      {
        id: "bat_2",
        type: "practice",
        status: "waiting",
        participants: [],
        timeRemaining: 3600,
        leaderboard: [],
      },
      now,
      false,
    );
    const fields = Object.fromEntries(
      (reply.embeds?.[0]?.fields ?? []).map((field) => [field.name, field.value]),
    );
    expect(fields["Time remaining"]).toBe("1h once the battle starts");
    expect(fields["Participants (0)"]).toBe("Nobody yet");
    expect(fields.Leaderboard).toBe("No submissions yet");
  });
});
