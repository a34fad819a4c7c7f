import type { Tournament } from "../../../src/api/index.js";

/** A tournament as the API client hands it over (normalised from shape A or B). */
export function makeTournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: "trn_1",
    title: "Weekly Sprint #42",
    status: "open",
    startsAt: "2026-01-03T12:00:00.000Z",
    participants: 2,
    maxParticipants: 64,
    prize: "$500",
    format: "elimination",
    ...overrides,
  };
}
