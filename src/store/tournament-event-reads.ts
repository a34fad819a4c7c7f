// The reads of the open tournaments a server makes for its scheduled events alone (docs/architecture.md,
// "Tournament events"): only while it has no reminder settings whose read works, since that read feeds the
// events too and a server is never read twice. While the reminders' read is on hold (its admin's link stopped
// working, or they left or lost Manage Server), the events are read with the account of the admin who turned
// them on, rather than waiting for the reminders' read to come back. As the reminders' reads
// (reminder-settings.ts), one instance takes each due read by moving `next_poll_at` on; what a read leaves
// (last read, link problem) is kept by tournament-read-state.ts.
import { sql, type Kysely } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { toTournamentEventSettings, type TournamentEventSettings } from "./tournament-event-settings.js";

/**
 * The servers with events and no reminders, or reminders whose read is on hold, whose open tournaments are
 * due a read, each taken by one instance; not a server that removed the bot, until it adds the bot back.
 */
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
              .whereRef("reminder_settings.guild_id", "=", "tournament_event_settings.guild_id")
              .where("reminder_settings.link_problem", "is", null),
          ),
        ),
        eb("guild_id", "not in", eb.selectFrom("guild_removals").select("guild_removals.guild_id")),
      ]),
    orderBy: ["next_poll_at"],
    limit: input.limit,
    // Each claim names its read by the count, so a read that commits late is known
    // (tournament-event-row-sync.ts).
    set: { next_poll_at: input.now + input.pollMs, read_claims: sql<number>`read_claims + 1` },
  });
  return rows.map(toTournamentEventSettings);
}
