// Tournament event rows that go (docs/architecture.md, "Tournament events"): a deleted event's row, the rows of
// events long over, and a deletion left after `/setup events off` that was given up. The rows themselves are
// read and mapped in tournament-events.ts.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import type { TournamentEventKey } from "./tournament-events.js";

/**
 * A deleted event's row goes: a tournament seen again later gets a new one. Unless a read or a setting
 * changed it since the worker claimed it (`updated_at` past `claimedUpdatedAt`; it only grows): the
 * tournament is wanted again (its start moved back ahead, events turned on again), so the row stays, due at
 * once (`now`) for a worker to make its event. It forgets the event `deletedEventId` (the one just deleted)
 * if it still names it, whoever holds the row; and `owner` gives back the row's lease and its create mark
 * only while it holds them: one that took the row over since may be making an event, and keeps what it wrote.
 * True when it went.
 */
export async function deleteTournamentEventRow(
  db: Kysely<Database>,
  event: TournamentEventKey & { readonly claimedUpdatedAt: number },
  at: { readonly owner: string; readonly now: number; readonly deletedEventId?: string | undefined },
): Promise<boolean> {
  const deleted = await db
    .deleteFrom("tournament_events")
    .where("guild_id", "=", event.guildId)
    .where("tournament_id", "=", event.tournamentId)
    .where("updated_at", "<=", event.claimedUpdatedAt)
    .executeTakeFirst();
  if (deleted.numDeletedRows > 0n) return true;
  const row = () =>
    db
      .updateTable("tournament_events")
      .where("guild_id", "=", event.guildId)
      .where("tournament_id", "=", event.tournamentId);
  if (at.deletedEventId !== undefined) {
    await row()
      .set({ discord_event_id: null, synced_status: null, synced_fields: null, due_at: at.now })
      .where("discord_event_id", "=", at.deletedEventId)
      .execute();
  }
  await row()
    .set({ create_attempted: 0, due_at: at.now, lease_owner: null, lease_expires_at: null })
    .where("lease_owner", "=", at.owner)
    .execute();
  return false;
}

/**
 * Rows of events that ended before `endedBefore`: their tournaments are long over, so none comes back to be
 * made again. A row still to delete stays until its event is deleted; but one left after `/setup events off`
 * and due no more goes whatever its end, since nothing would ever try it again (an older version left such rows
 * when Discord refused their deletion; handle-event-refusal.ts now retries them, then drops them).
 */
export async function pruneTournamentEvents(db: Kysely<Database>, endedBefore: number): Promise<number> {
  const result = await db
    .deleteFrom("tournament_events")
    .where((eb) =>
      eb.or([
        eb.and([eb("ends_at", "<", endedBefore), eb("wanted_status", "<>", "deleted")]),
        eb.and([
          eb("wanted_status", "=", "deleted"),
          eb("due_at", "is", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("tournament_event_settings")
                .select("tournament_event_settings.guild_id")
                .whereRef("tournament_event_settings.guild_id", "=", "tournament_events.guild_id"),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A deletion left after `/setup events off` that is given up: its row goes, unless events were turned on again
 * since it was claimed (which made it due at once, and the next read may show the tournament again).
 */
export async function dropGivenUpDeletion(
  db: Kysely<Database>,
  event: TournamentEventKey & { readonly claimedUpdatedAt: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom("tournament_events")
    .where("guild_id", "=", event.guildId)
    .where("tournament_id", "=", event.tournamentId)
    .where("wanted_status", "=", "deleted")
    .where("updated_at", "<=", event.claimedUpdatedAt)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
