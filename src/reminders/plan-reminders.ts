// Which reminders one read of the open tournaments asks for (docs/architecture.md, "Tournament reminders"):
// every lead time before every open tournament's start, as long as it is still worth sending. A reminder
// whose moment had long passed when the tournament was first seen is never scheduled, so it is not counted
// as missed either.
import type { Tournament } from "../api/index.js";
import type { ReminderTournament, WantedReminder } from "../store/tournament-reminders.js";
import { isStillWorthSending } from "./reminder-timing.js";

export interface ReminderPlan {
  /** Every open tournament read with a start time the bot understands. */
  readonly openTournaments: readonly ReminderTournament[];
  readonly wanted: readonly WantedReminder[];
}

export function planReminders(input: {
  readonly tournaments: readonly Tournament[];
  readonly leadMinutes: readonly number[];
  readonly now: number;
}): ReminderPlan {
  const openTournaments = input.tournaments
    .filter((tournament) => tournament.status === "open")
    .flatMap((tournament) => {
      const read = readReminderTournament(tournament);
      return read === undefined ? [] : [read];
    });
  const wanted = openTournaments.flatMap((tournament) =>
    input.leadMinutes
      .filter((leadMinutes) =>
        isStillWorthSending({ leadMinutes, startsAt: tournament.startsAt, now: input.now }),
      )
      .map((leadMinutes) => ({ tournament, leadMinutes })),
  );
  return { openTournaments, wanted };
}

/** Undefined for a start time that is not a date: no reminder can be timed for it. */
function readReminderTournament(tournament: Tournament): ReminderTournament | undefined {
  const startsAt = Date.parse(tournament.startsAt);
  if (!Number.isFinite(startsAt)) return undefined;
  return {
    id: tournament.id,
    startsAt,
    title: tournament.title,
    format: tournament.format ?? null,
    prize: tournament.prize ?? null,
    participants: readCount(tournament.participants),
    maxParticipants: readCount(tournament.maxParticipants),
  };
}

/** Kept in an integer column: the client takes 12.0 or 12.5 for a count, and a count that is not one is left out. */
function readCount(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) || value < 0 ? null : Math.round(value);
}
