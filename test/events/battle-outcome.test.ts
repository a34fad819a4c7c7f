import { describe, expect, it } from "vitest";
import { readPlayerOutcome, readTeamOutcome } from "../../src/events/battle-outcome.js";
import { readEvent } from "../announcements/support/events.js";

function completed(data: Record<string, unknown>) {
  return readEvent("battle.completed", { object: "battle", id: "bat_1", ...data }).data;
}

const ranked = [
  { user_id: "usr_a", rank: 1 },
  { user_id: "usr_b", rank: 2 },
];

describe("readPlayerOutcome", () => {
  it("goes by the winner the platform names", () => {
    const data = completed({ participants: ranked, winner: "usr_b" });
    expect([readPlayerOutcome(data, "usr_a"), readPlayerOutcome(data, "usr_b")]).toEqual(["lost", "won"]);
  });

  it("reads no winner as a draw", () => {
    expect(readPlayerOutcome(completed({ participants: ranked, winner: null }), "usr_a")).toBe("draw");
  });

  it("reads no winner of a battle of one player as lost: there was nobody to draw with", () => {
    const alone = completed({ participants: [{ user_id: "usr_a", rank: 1, score: 60 }], winner: null });
    expect(readPlayerOutcome(alone, "usr_a")).toBe("lost");
  });

  it("takes the sole first place when the platform is silent, and a shared one as a draw", () => {
    const sole = completed({ participants: ranked });
    expect([readPlayerOutcome(sole, "usr_a"), readPlayerOutcome(sole, "usr_b")]).toEqual(["won", "lost"]);
    const shared = completed({ participants: [...ranked, { user_id: "usr_c", rank: 1 }] });
    expect([readPlayerOutcome(shared, "usr_a"), readPlayerOutcome(shared, "usr_b")]).toEqual([
      "draw",
      "lost",
    ]);
  });

  it("says nothing when the event names neither a winner nor ranks", () => {
    expect(readPlayerOutcome(completed({ participants: ["usr_a", "usr_b"] }), "usr_a")).toBeUndefined();
  });
});

describe("readTeamOutcome", () => {
  it("goes by the winning team, and reads no winner as a draw", () => {
    const teams = [
      { team_id: "team_red", rank: 1, members: ["usr_a"] },
      { team_id: "team_blue", rank: 2, members: ["usr_b"] },
    ];
    const won = readEvent("team.battle_completed", { id: "bat_1", teams, winner_team_id: "team_blue" }).data;
    expect([readTeamOutcome(won, "team_red"), readTeamOutcome(won, "team_blue")]).toEqual(["lost", "won"]);
    const drawn = readEvent("team.battle_completed", { id: "bat_1", teams, winner_team_id: null }).data;
    expect(readTeamOutcome(drawn, "team_red")).toBe("draw");
  });
});
