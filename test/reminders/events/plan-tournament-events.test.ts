// What a read of the open tournaments asks of a server's scheduled events (docs/architecture.md, "Tournament
// events"): every open tournament nearest first, with an end the platform does not give, a location naming it,
// and platform text kept plain within Discord's limits.
import { describe, expect, it } from "vitest";
import type { Tournament } from "../../../src/api/index.js";
import {
  planTournamentEvents,
  scheduledEventLimits,
} from "../../../src/reminders/events/plan-tournament-events.js";
import { hostileTexts } from "../../support/hostile-text.js";

const hour = 3_600_000;
const startsAt = Date.UTC(2026, 10, 21, 18, 0);

const tournament = (id: string, overrides: Partial<Tournament> = {}): Tournament => ({
  id,
  title: `Cup ${id}`,
  status: "open",
  startsAt: new Date(startsAt).toISOString(),
  participants: 2,
  maxParticipants: 64,
  prize: "$500",
  format: "elimination",
  ...overrides,
});

describe("planTournamentEvents", () => {
  it("describes each open tournament, nearest first, ending a set duration after its start", () => {
    const plan = planTournamentEvents({
      tournaments: [
        tournament("later", { startsAt: new Date(startsAt + hour).toISOString() }),
        tournament("sooner"),
        tournament("running", { status: "active" }),
      ],
      durationMs: 2 * hour,
    });
    expect(plan.wanted.map((event) => event.tournamentId)).toEqual(["sooner", "later"]);
    expect(plan.openIds).toEqual(new Set(["later", "sooner"]));
    expect(plan.wanted[0]).toEqual({
      tournamentId: "sooner",
      name: "Cup sooner",
      description:
        "Format: elimination\nPrize: $500\nSeats left: 62 of 64\nRegister with /tournament register id:sooner",
      location: "Register in Discord: /tournament register id:sooner",
      startsAt,
      endsAt: startsAt + 2 * hour,
    });
  });

  it("keeps hostile platform text plain and within Discord's limits", () => {
    for (const text of hostileTexts) {
      const long = text.repeat(200);
      const [event] = planTournamentEvents({
        tournaments: [tournament("x", { title: long, prize: long, format: long })],
        durationMs: hour,
      }).wanted;
      expect(event!.name.length).toBeLessThanOrEqual(scheduledEventLimits.name);
      expect(event!.description.length).toBeLessThanOrEqual(scheduledEventLimits.description);
      expect(event!.location.length).toBeLessThanOrEqual(scheduledEventLimits.location);
      for (const shown of [event!.name, event!.description]) {
        expect(shown).not.toMatch(/<@|<#|@everyone|@here|https?:\/\//i);
      }
    }
  });

  it("gives tournaments whose ids are too long for the location each a location of its own", () => {
    const ids = ["tour_" + "a".repeat(60) + "1", "tour_" + "a".repeat(60) + "2"];
    const events = planTournamentEvents({
      tournaments: ids.map((id) => tournament(id)),
      durationMs: hour,
    }).wanted;
    const locations = events.map((event) => event.location);
    expect(new Set(locations).size).toBe(2);
    for (const [index, event] of events.entries()) {
      expect(event.location).toMatch(
        /^Register in Discord: \/tournament register \(the id is in the description; ref [0-9a-f]{16}\)$/,
      );
      expect(event.location.length).toBeLessThanOrEqual(scheduledEventLimits.location);
      expect(event.description).toContain(`/tournament register id:${ids[index]!.replaceAll("_", "\\_")}`);
    }
  });

  it("escapes markdown in the description, which Discord renders, and not in the name, which it does not", () => {
    const [event] = planTournamentEvents({
      tournaments: [
        tournament("x_1", { title: "**Spring** Cup", prize: "**FREE** ||nitro||", format: "# swiss" }),
      ],
      durationMs: hour,
    }).wanted;
    expect(event!.name).toBe("**Spring** Cup");
    expect(event!.description).toBe(
      "Format: \\# swiss\nPrize: \\*\\*FREE\\*\\* \\|\\|nitro\\|\\|\nSeats left: 62 of 64\n" +
        "Register with /tournament register id:x\\_1",
    );
  });
});
