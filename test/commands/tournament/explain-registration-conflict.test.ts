import { describe, expect, it } from "vitest";
import type { Tournament } from "../../../src/api/index.js";
import {
  classifyRegistrationConflict,
  describeRegistrationConflict,
} from "../../../src/commands/tournament/explain-registration-conflict.js";

function tournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: "trn_1",
    title: "Autumn Classic",
    status: "open",
    startsAt: "2026-12-01T00:00:00.000Z",
    participants: 10,
    maxParticipants: 64,
    prize: undefined,
    format: undefined,
    ...overrides,
  };
}

describe("a refused registration", () => {
  it("is the member's own registration when the standings rank them", () => {
    expect(classifyRegistrationConflict(tournament({ participants: 64 }), 3)).toBe("registered");
  });

  it("is a full tournament when every seat is taken and the member is not ranked", () => {
    expect(classifyRegistrationConflict(tournament({ participants: 64 }), 0)).toBe("full");
  });

  it("is a closed tournament when it is no longer open", () => {
    expect(classifyRegistrationConflict(tournament({ status: "completed" }), 0)).toBe("closed");
  });

  it("stays undecided when the tournament could not be read or tells nothing", () => {
    expect(classifyRegistrationConflict(undefined, undefined)).toBe("unknown");
    expect(classifyRegistrationConflict(tournament(), undefined)).toBe("unknown");
  });

  it("names the tournament as inert text in each answer", () => {
    const hostile = tournament({ title: "**Cup** @here", participants: 64 });
    expect(describeRegistrationConflict("full", hostile, "trn_1")).toBe(
      "**\\*\\*Cup\\*\\* @\u200bhere** is full (64/64 seats taken), so it takes no more registrations.",
    );
    expect(describeRegistrationConflict("closed", tournament({ status: "completed" }), "trn_1")).toBe(
      "**Autumn Classic** is completed, so it takes no more registrations.",
    );
    expect(describeRegistrationConflict("registered", undefined, "trn_1")).toBe(
      "You're already registered for tournament `trn_1`.",
    );
  });

  it("names by its id a tournament whose title shows only invisible characters", () => {
    expect(describeRegistrationConflict("registered", tournament({ title: "\u200b\u2066" }), "trn_1")).toBe(
      "You're already registered for tournament `trn_1`.",
    );
  });
});
