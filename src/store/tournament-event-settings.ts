// Whether a server shows open tournaments as Discord scheduled events (docs/architecture.md, "Tournament
// events"), and the permission Discord said the bot lacks for them, told to the admins once. The reads of the
// open tournaments a server without reminders makes for its events alone are in tournament-event-reads.ts.
import type { Kysely, Selectable } from "kysely";
import type { Database, TournamentEventSettingsTable } from "./database.js";
import { laterUpdatedAt } from "./tournament-events.js";

export interface TournamentEventSettings {
  readonly guildId: string;
  readonly enabledBy: string;
  /** The permission to grant ("Create Events", "Manage Events"); null while events sync. */
  readonly permissionProblem: string | null;
  /** When the events' own read is next due; only read while the server has no reminders. */
  readonly nextPollAt: number;
  readonly lastPolledAt: number | null;
  /** Why `enabledBy`'s link reads nothing (as describeLinkProblem writes it); null while it reads. */
  readonly linkProblem: string | null;
  /** How many of the events' own reads were claimed; a claimed read is named by this count. */
  readonly readClaims: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export async function findTournamentEventSettings(
  db: Kysely<Database>,
  guildId: string,
): Promise<TournamentEventSettings | undefined> {
  const row = await db
    .selectFrom("tournament_event_settings")
    .selectAll()
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  return row === undefined ? undefined : toTournamentEventSettings(row);
}

/**
 * Turns events on (again): a permission problem and a link problem are cleared, the open tournaments are due a
 * read at once (with this admin's link when the server has no reminders, else the reminders' read, which brings
 * the events) and every event waiting on the permission is due at once, in one commit.
 */
export async function enableTournamentEvents(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly enabledBy: string; readonly now: number },
): Promise<void> {
  const { guildId, now } = input;
  await db.transaction().execute(async (trx) => {
    // A server with reminders has its tournaments read by them: that read is moved up, or the events would
    // wait for its next one, up to TOURNAMENT_POLL_SECONDS away. First: the rows are taken in one order,
    // reminders' settings then events' (as the reminders' read does), or the two would deadlock on PostgreSQL.
    await trx
      .updateTable("reminder_settings")
      .set({ next_poll_at: now })
      .where("guild_id", "=", guildId)
      .where("next_poll_at", ">", now)
      .execute();
    await trx
      .insertInto("tournament_event_settings")
      .values({
        guild_id: guildId,
        enabled_by: input.enabledBy,
        next_poll_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) =>
        conflict.column("guild_id").doUpdateSet({
          enabled_by: input.enabledBy,
          permission_problem: null,
          next_poll_at: now,
          link_problem: null,
          updated_at: now,
        }),
      )
      .execute();
    await trx
      .updateTable("tournament_events")
      .set({ due_at: now, attempts: 0, updated_at: laterUpdatedAt(now) })
      .where("guild_id", "=", guildId)
      .where("wanted_status", "not in", ["forgotten"])
      .execute();
  });
}

/**
 * Turns events off: the setting goes, and the server's events not yet over are to be deleted, in one commit;
 * those already to delete are due at once too, since a deletion paused for a permission waited for
 * `/setup events on`, which will not come now. False when they were already off.
 */
export async function disableTournamentEvents(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly now: number },
): Promise<boolean> {
  const { guildId, now } = input;
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("tournament_event_settings")
      .where("guild_id", "=", guildId)
      .executeTakeFirst();
    const wasOn = deleted.numDeletedRows > 0n;
    // Turned off again, the leftover deletions are tried at once but keep the attempts they have spent, so
    // repeating `off` never stretches their give-up (handle-event-refusal.ts) past its day.
    await trx
      .updateTable("tournament_events")
      .set({
        wanted_status: "deleted",
        due_at: now,
        updated_at: laterUpdatedAt(now),
        ...(wasOn ? { attempts: 0 } : {}),
      })
      .where("guild_id", "=", guildId)
      .where("wanted_status", "in", ["scheduled", "active", "deleted"])
      .execute();
    return wasOn;
  });
}

/** Records the permission Discord refused for; true when it is new, so the admins are told once. */
export async function recordEventPermissionProblem(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly permission: string; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("tournament_event_settings")
    .set({ permission_problem: input.permission, updated_at: input.now })
    .where("guild_id", "=", input.guildId)
    .where("permission_problem", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function toTournamentEventSettings(
  row: Selectable<TournamentEventSettingsTable>,
): TournamentEventSettings {
  return {
    guildId: row.guild_id,
    enabledBy: row.enabled_by,
    permissionProblem: row.permission_problem,
    nextPollAt: row.next_poll_at,
    lastPolledAt: row.last_polled_at,
    linkProblem: row.link_problem,
    readClaims: row.read_claims,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
