// The end of a started tournament's event kept truthful (docs/architecture.md, "Tournament events"): while the
// platform lists the tournament active, an end near or past moves on by a bounded step, so Discord does not
// complete the event while the tournament goes on; once the platform no longer lists it, its event is
// completed. The platform gives no end, so each read of the active tournaments decides anew.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { holdEventSettings } from "./tournament-event-row-sync.js";
import { laterUpdatedAt, toTournamentEvent, updateTournamentEventRow } from "./tournament-events.js";

export interface LiveEventSync {
  readonly extended: number;
  readonly ended: number;
}

/** Whether the server shows a started tournament's event, which a read of the active tournaments follows. */
export async function hasLiveTournamentEvents(db: Kysely<Database>, guildId: string): Promise<boolean> {
  const row = await db
    .selectFrom("tournament_events")
    .select("tournament_id")
    .where("guild_id", "=", guildId)
    .where("wanted_status", "=", "active")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Brings the server's active rows in line with one read of the active tournaments, in one commit checked
 * against `/setup events off`. A tournament listed active whose event ends within `extendWithinMs` has its end
 * moved to `stepMs` from now (never earlier than it was); one listed neither active nor open by two reads of
 * both whole lists (`complete`) in a row is over (the first only marks it missed): its event is to be
 * completed, its end no later than now.
 * Undefined, and nothing written, when the server does not show events.
 */
export async function followLiveTournamentEvents(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly activeIds: ReadonlySet<string>;
    readonly openIds: ReadonlySet<string>;
    readonly complete: boolean;
    readonly now: number;
    readonly extendWithinMs: number;
    readonly stepMs: number;
  },
): Promise<LiveEventSync | undefined> {
  const { guildId, now } = input;
  return db.transaction().execute(async (trx) => {
    if (!(await holdEventSettings(trx, guildId))) return undefined;
    const rows = await trx
      .selectFrom("tournament_events")
      .selectAll()
      .where("guild_id", "=", guildId)
      .where("wanted_status", "=", "active")
      .execute();
    const sync = { extended: 0, ended: 0 };
    const due = { due_at: now, attempts: 0, updated_at: laterUpdatedAt(now) };
    for (const row of rows.map(toTournamentEvent)) {
      const seen = input.activeIds.has(row.tournamentId) || input.openIds.has(row.tournamentId);
      if (seen && row.missedAt !== null)
        await updateTournamentEventRow(trx, guildId, row.tournamentId, { missed_at: null });
      if (input.activeIds.has(row.tournamentId)) {
        if (row.endsAt > now + input.extendWithinMs) continue;
        const endsAt = Math.max(row.endsAt, now + input.stepMs);
        await updateTournamentEventRow(trx, guildId, row.tournamentId, { ends_at: endsAt, ...due });
        sync.extended += 1;
      } else if (input.complete && !seen && row.missedAt === null) {
        // One read can miss a running tournament (an empty answer, a page that shifted), and Discord takes no
        // event back from COMPLETED: the next read decides, as for a scheduled event's deletion.
        await updateTournamentEventRow(trx, guildId, row.tournamentId, { missed_at: now });
      } else if (input.complete && !seen) {
        await updateTournamentEventRow(trx, guildId, row.tournamentId, {
          wanted_status: "completed",
          ends_at: Math.min(row.endsAt, now),
          missed_at: null,
          ...due,
        });
        sync.ended += 1;
      }
    }
    return sync;
  });
}
