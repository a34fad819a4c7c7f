// When a reminder is sent (docs/architecture.md, "Tournament reminders"): on time, late within a quarter of its
// lead time, never once the tournament started; and which reminders a read of the open tournaments asks for.
import { describe, expect, it } from "vitest";
import type { Tournament } from "../../src/api/index.js";
import { planReminders } from "../../src/reminders/plan-reminders.js";
import { decideDueReminder } from "../../src/reminders/reminder-timing.js";
import type { TournamentReminder } from "../../src/store/tournament-reminders.js";

const minute = 60_000;
const start = Date.UTC(2026, 10, 21, 18);

function reminder(leadMinutes: number, overrides: Partial<TournamentReminder> = {}): TournamentReminder {
  return {
    id: "rem_1",
    guildId: "100000000000000001",
    tournament: {
      id: "trn_1",
      startsAt: start,
      title: "Sprint",
      format: null,
      prize: null,
      participants: null,
      maxParticipants: null,
    },
    leadMinutes,
    dueAt: start - leadMinutes * minute,
    status: "scheduled",
    statusReason: null,
    tournamentStarted: false,
    sentAt: null,
    ...overrides,
  };
}

describe("decideDueReminder", () => {
  it("sends a reminder on time and up to a quarter of its lead time late", () => {
    expect(decideDueReminder(reminder(60), start - 60 * minute)).toEqual({ send: true });
    expect(decideDueReminder(reminder(60), start - 45 * minute)).toEqual({ send: true });
    expect(decideDueReminder(reminder(10), start - 7.5 * minute)).toEqual({ send: true });
  });

  it("skips a reminder later than a quarter of its lead time as late", () => {
    expect(decideDueReminder(reminder(60), start - 45 * minute + 1)).toEqual({ send: false, reason: "late" });
    expect(decideDueReminder(reminder(10), start - 7 * minute)).toEqual({ send: false, reason: "late" });
  });

  it("never sends once the tournament started, by its event or by the clock", () => {
    expect(decideDueReminder(reminder(1), start)).toEqual({ send: false, reason: "started" });
    expect(decideDueReminder(reminder(10, { tournamentStarted: true }), start - 10 * minute)).toEqual({
      send: false,
      reason: "started",
    });
  });
});

describe("planReminders", () => {
  const open = (id: string, startsAt: string, status = "open"): Tournament => ({
    id,
    title: `Tournament ${id}`,
    status,
    startsAt,
    participants: 12.4,
    maxParticipants: 64,
    prize: undefined,
    format: "swiss",
  });

  it("asks for each lead time still worth sending before each open tournament it can time", () => {
    const now = start - 30 * minute;
    const plan = planReminders({
      tournaments: [
        open("trn_soon", new Date(start).toISOString()),
        open("trn_bad_date", "soon"),
        open("trn_active", new Date(start).toISOString(), "active"),
        open("trn_past", new Date(now - minute).toISOString()),
      ],
      leadMinutes: [60, 10],
      now,
    });
    expect(plan.openTournaments.map((tournament) => tournament.id)).toEqual(["trn_soon", "trn_past"]);
    expect(plan.openTournaments[0]).toMatchObject({ startsAt: start, participants: 12, prize: null });
    // The hour's reminder is 30 minutes late (past its 15-minute grace): never scheduled, never missed.
    expect(plan.wanted.map((wanted) => [wanted.tournament.id, wanted.leadMinutes])).toEqual([
      ["trn_soon", 10],
    ]);
  });
});
