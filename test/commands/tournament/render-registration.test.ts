import { describe, expect, it } from "vitest";
import { renderRegistration } from "../../../src/commands/tournament/render-registration.js";

const base = {
  registered: true,
  tournamentId: undefined,
  tournamentTitle: undefined,
  registrationId: undefined,
  userId: undefined,
  status: undefined,
  registeredAt: undefined,
};

describe("renderRegistration", () => {
  it("confirms a shape A registration with the tournament's title and registration id", () => {
    const reply = renderRegistration(
      { ...base, tournamentId: "trn_1", tournamentTitle: "Weekly *Sprint*", registrationId: "reg_9" },
      "trn_1",
    );
    expect(reply.content).toBe("You're registered for **Weekly \\*Sprint\\***.\n-# Registration `reg_9`");
    expect(reply.ephemeral).toBe(true);
  });

  it("confirms a shape B registration with its status and time", () => {
    const reply = renderRegistration(
      {
        ...base,
        tournamentId: "trn_1",
        status: "confirmed",
        registeredAt: "2026-01-01T00:00:00.000Z",
      },
      "trn_1",
    );
    expect(reply.content).toBe(
      `You're registered for tournament \`trn_1\`.\n-# confirmed · registered <t:${Date.UTC(2026, 0, 1) / 1000}:R>`,
    );
  });

  it("names by its id a tournament whose title shows nothing, never as bare bold markers", () => {
    for (const title of ["", "   ", "\u200b\u200e"]) {
      const reply = renderRegistration({ ...base, tournamentId: "trn_1", tournamentTitle: title }, "trn_1");
      expect(reply.content).toBe("You're registered for tournament `trn_1`.");
    }
  });

  it("does not claim success when the platform says registered: false", () => {
    const reply = renderRegistration({ ...base, registered: false }, "trn_7");
    expect(reply.content).toMatch(/did not confirm your registration for tournament `trn_7`/);
  });
});
