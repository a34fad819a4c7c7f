// When a reminder is worth sending (docs/architecture.md, "Tournament reminders"). A reminder is due its lead
// time before the start; one that fell due while the bot was down (or that a late read found) is still sent
// within a quarter of its lead time, "starts in 8 minutes" being as useful as "in 10", and skipped after that.
// None is ever sent once the tournament has started.
import type { DueDecision } from "../store/due-reminders.js";
import type { TournamentReminder } from "../store/tournament-reminders.js";

const minute = 60_000;

/** How late a reminder of `leadMinutes` may still be sent: a quarter of its lead time. */
export function lateGraceMs(leadMinutes: number): number {
  return (leadMinutes * minute) / 4;
}

/** True while a reminder of this lead before this start may still be sent at `now`. */
export function isStillWorthSending(input: {
  readonly leadMinutes: number;
  readonly startsAt: number;
  readonly now: number;
}): boolean {
  const dueAt = input.startsAt - input.leadMinutes * minute;
  return input.now < input.startsAt && input.now - dueAt <= lateGraceMs(input.leadMinutes);
}

/** What becomes of a reminder whose due time has come: sent, or skipped as late or started. */
export function decideDueReminder(reminder: TournamentReminder, now: number): DueDecision {
  if (reminder.tournamentStarted || now >= reminder.tournament.startsAt)
    return { send: false, reason: "started" };
  if (now - reminder.dueAt > lateGraceMs(reminder.leadMinutes)) return { send: false, reason: "late" };
  return { send: true };
}
