import { describe, expect, it } from "vitest";
import type { Tournament } from "../../src/api/index.js";
import {
  buildRegisterButtons,
  readRegisterButton,
  registerButtonId,
} from "../../src/cards/tournament-register-buttons.js";

function tournament(id: string, status: string, title = `Cup ${id}`): Tournament {
  return {
    id,
    title,
    status,
    startsAt: "2026-11-21T10:00:00Z",
    participants: undefined,
    maxParticipants: undefined,
    prize: undefined,
    format: undefined,
  };
}

describe("tournament Register buttons", () => {
  it("round-trips the tournament id through the custom id", () => {
    const params = registerButtonId("trn:1").split(":").slice(1);
    expect(readRegisterButton(params)).toBe("trn:1");
    expect(readRegisterButton(["register"])).toBeUndefined();
    expect(readRegisterButton(["unregister", "trn_1"])).toBeUndefined();
  });

  it("offers a button only for open tournaments whose id fits, one row at most, labels within Discord's limit", () => {
    const tournaments = [
      tournament("x".repeat(100), "open"),
      tournament("t0", "closed"),
      ...Array.from({ length: 7 }, (_, index) =>
        tournament(`t${String(index + 1)}`, "open", "x".repeat(120)),
      ),
    ];
    const buttons = buildRegisterButtons(tournaments);
    expect(buttons.map((button) => ("custom_id" in button ? button.custom_id : undefined))).toEqual(
      ["t1", "t2", "t3", "t4", "t5"].map(registerButtonId),
    );
    for (const button of buttons) {
      expect("label" in button ? button.label.length : undefined).toBeLessThanOrEqual(80);
    }
  });
});
