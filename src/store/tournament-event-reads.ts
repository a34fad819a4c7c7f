// The reads of the open tournaments a server makes for its scheduled events alone (docs/architecture.md,
// "Tournament events"): only while it has no reminder settings, whose read feeds the events too, so a server
// is never read twice. As the reminders' reads (reminder-settings.ts), one instance takes each due read by
// moving `next_poll_at` on, and a link that reads nothing is recorded once.
import type { Kysely } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import { recordLinkProblemOnce, recordReadSucceeded } from "./tournament-read-state.js";
import type { Database } from "./database.js";
import { toTournamentEventSettings, type TournamentEventSettings } from "./tournament-event-settings.js";

/** The servers with events and no reminders whose open tournaments are due a read, each taken by one instance. */
export async function claimDueEventReads(
  db: Kysely<Database>,
  input: { readonly now: number; readonly pollMs: number; readonly limit: number },
): Promise<TournamentEventSettings[]> {
  const rows = await claimDueRows(db, {
    table: "tournament_event_settings",
    key: ["guild_id"],
    isClaimable: (eb) =>
      eb.and([
        eb("next_poll_at", "<=", input.now),
        eb.not(
          eb.exists(
            eb
              .selectFrom("reminder_settings")
              .select("reminder_settings.guild_id")
              .whereRef("reminder_settings.guild_id", "=", "tournament_event_settings.guild_id"),
          ),
        ),
      ]),
    orderBy: ["next_poll_at"],
    limit: input.limit,
    set: { next_poll_at: input.now + input.pollMs },
  });
  return rows.map(toTournamentEventSettings);
}

/** A read that worked: remembered, and any link problem cleared. True when there was one (reads resumed). */
export function recordEventReadSucceeded(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number },
): Promise<boolean> {
  return recordReadSucceeded(db, "tournament_event_settings", input);
}

/**
 * The enabling admin's link no longer reads tournaments. True only for the first read that found it so: the
 * admins are told once, not at every read.
 */
export function recordEventLinkProblem(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly problem: string; readonly now: number },
): Promise<boolean> {
  return recordLinkProblemOnce(db, "tournament_event_settings", input);
}
