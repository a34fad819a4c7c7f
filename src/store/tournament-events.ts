// Tournaments shown as Discord scheduled events (docs/architecture.md, "Tournament events"): each read of a
// server's open tournaments says what its events should be, and a started tournament's become active. How an
// instance claims and records a row's sync is in tournament-event-lease.ts.
import type { Kysely, Selectable, Transaction, UpdateObject } from "kysely";
import type { Database, TournamentEventsTable } from "./database.js";
import { readDialect } from "./dialect.js";

/** scheduled and active are shown; completed is over; deleted is to be deleted; forgotten is left alone. */
export type WantedEventStatus = "scheduled" | "active" | "completed" | "deleted" | "forgotten";

/** What an event shows; platform text is already plain and within Discord's limits. */
export interface TournamentEventFields {
  readonly name: string;
  readonly description: string;
  readonly location: string;
  /** Ms since the epoch. */
  readonly startsAt: number;
  readonly endsAt: number;
}

export interface WantedTournamentEvent extends TournamentEventFields {
  readonly tournamentId: string;
}

export interface TournamentEvent extends WantedTournamentEvent {
  readonly guildId: string;
  readonly discordEventId: string | null;
  readonly createAttempted: boolean;
  readonly wantedStatus: WantedEventStatus;
  readonly syncedStatus: string | null;
  readonly syncedFields: TournamentEventFields | null;
  readonly dueAt: number | null;
  readonly attempts: number;
  readonly updatedAt: number;
}

export type TournamentEventKey = Pick<TournamentEvent, "guildId" | "tournamentId">;

export interface TournamentEventSync {
  readonly created: number;
  readonly changed: number;
  readonly started: number;
  readonly deleted: number;
}

/**
 * Brings the server's rows in line with one read, in one commit. `wanted` is the open tournaments, nearest
 * first, of which the server shows as many as `limit` leaves beside its active events; one not seen before is
 * added only while its start is ahead. A scheduled row not wanted any more is to be deleted when its
 * tournament is still open (a nearer one took its place) or, after a read of the whole list (`complete`),
 * left it before its start; one that left at or after its start started, and becomes active. Undefined, and
 * nothing written, when the server does not show events: a read that raced `/setup events off` never brings
 * back the rows it marked for deletion.
 */
export async function syncTournamentEventRows(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly wanted: readonly WantedTournamentEvent[];
    readonly openIds: ReadonlySet<string>;
    readonly complete: boolean;
    readonly now: number;
    /** Events the server may show at once, active ones included. */
    readonly limit: number;
  },
): Promise<TournamentEventSync | undefined> {
  const { guildId, now } = input;
  return db.transaction().execute(async (trx) => {
    if (!(await holdEventSettings(trx, guildId))) return undefined;
    const rows = await trx
      .selectFrom("tournament_events")
      .selectAll()
      .where("guild_id", "=", guildId)
      .execute();
    const existing = new Map(rows.map((row) => [row.tournament_id, toTournamentEvent(row)]));
    const sync = { created: 0, changed: 0, started: 0, deleted: 0 };
    const due = { due_at: now, attempts: 0, updated_at: now };
    const active = rows.filter((row) => row.wanted_status === "active").length;
    const wanted = input.wanted.slice(0, Math.max(0, input.limit - active));
    for (const event of wanted) {
      const fields = toFieldColumns(event);
      const row = existing.get(event.tournamentId);
      if (row === undefined) {
        if (event.startsAt <= now) continue;
        await trx
          .insertInto("tournament_events")
          .values({
            guild_id: guildId,
            tournament_id: event.tournamentId,
            wanted_status: "scheduled",
            ...fields,
            ...due,
            created_at: now,
          })
          .execute();
        sync.created += 1;
      } else if (
        (row.wantedStatus === "scheduled" && !sameFields(row, event)) ||
        (row.wantedStatus === "deleted" && event.startsAt > now)
      ) {
        await updateTournamentEventRow(trx, guildId, event.tournamentId, {
          ...fields,
          wanted_status: "scheduled",
          ...due,
        });
        sync.changed += 1;
      }
    }
    const wantedIds = new Set(wanted.map((event) => event.tournamentId));
    for (const row of existing.values()) {
      if (row.wantedStatus !== "scheduled" || wantedIds.has(row.tournamentId)) continue;
      const open = input.openIds.has(row.tournamentId);
      if (!open && !input.complete) continue;
      const started = !open && row.startsAt <= now;
      await updateTournamentEventRow(trx, guildId, row.tournamentId, {
        wanted_status: started ? "active" : "deleted",
        ...due,
      });
      if (started) sync.started += 1;
      else sync.deleted += 1;
    }
    return sync;
  });
}

/**
 * A `system.tournament_started` event, in the transaction that stores it: the tournament's events become
 * active. The operator's event reaches every server, a server's own endpoint only that server. Returns how many.
 */
export async function markTournamentEventsStarted(
  trx: Kysely<Database>,
  input: { readonly tournamentId: string; readonly guildId: string | undefined; readonly now: number },
): Promise<number> {
  let query = trx
    .updateTable("tournament_events")
    .set({ wanted_status: "active", due_at: input.now, attempts: 0, updated_at: input.now })
    .where("tournament_id", "=", input.tournamentId)
    .where("wanted_status", "=", "scheduled");
  if (input.guildId !== undefined) query = query.where("guild_id", "=", input.guildId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** A deleted event's row goes: a tournament seen again later gets a new one. */
export async function deleteTournamentEventRow(
  db: Kysely<Database>,
  event: TournamentEventKey,
): Promise<void> {
  await db
    .deleteFrom("tournament_events")
    .where("guild_id", "=", event.guildId)
    .where("tournament_id", "=", event.tournamentId)
    .execute();
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

/** The server's event of one tournament, if it has one. */
export async function findTournamentEvent(
  db: Kysely<Database>,
  input: { readonly guildId: string; readonly tournamentId: string },
): Promise<TournamentEvent | undefined> {
  const row = await db
    .selectFrom("tournament_events")
    .selectAll()
    .where("guild_id", "=", input.guildId)
    .where("tournament_id", "=", input.tournamentId)
    .executeTakeFirst();
  return row === undefined ? undefined : toTournamentEvent(row);
}

/** The server's events, soonest first. */
export async function listTournamentEvents(
  db: Kysely<Database>,
  guildId: string,
): Promise<TournamentEvent[]> {
  const rows = await db
    .selectFrom("tournament_events")
    .selectAll()
    .where("guild_id", "=", guildId)
    .orderBy("starts_at")
    .orderBy("tournament_id")
    .execute();
  return rows.map(toTournamentEvent);
}

export function updateTournamentEventRow(
  db: Kysely<Database>,
  guildId: string,
  tournamentId: string,
  set: UpdateObject<Database, "tournament_events">,
) {
  return db
    .updateTable("tournament_events")
    .set(set)
    .where("guild_id", "=", guildId)
    .where("tournament_id", "=", tournamentId)
    .execute();
}

function toFieldColumns(event: TournamentEventFields) {
  return {
    name: event.name,
    description: event.description,
    location: event.location,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
  };
}

export function pickFields(event: TournamentEventFields): TournamentEventFields {
  const { name, description, location, startsAt, endsAt } = event;
  return { name, description, location, startsAt, endsAt };
}

export function sameFields(a: TournamentEventFields, b: TournamentEventFields): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.location === b.location &&
    a.startsAt === b.startsAt &&
    a.endsAt === b.endsAt
  );
}

export function toTournamentEvent(row: Selectable<TournamentEventsTable>): TournamentEvent {
  return {
    guildId: row.guild_id,
    tournamentId: row.tournament_id,
    discordEventId: row.discord_event_id,
    createAttempted: row.create_attempted === 1,
    wantedStatus: row.wanted_status as WantedEventStatus,
    name: row.name,
    description: row.description,
    location: row.location,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    syncedStatus: row.synced_status,
    syncedFields:
      row.synced_fields === null ? null : (JSON.parse(row.synced_fields) as TournamentEventFields),
    dueAt: row.due_at,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
}

/**
 * Whether the server shows events, its settings row held until the commit on PostgreSQL (FOR SHARE), so
 * `/setup events off` deletes it only before or after this commit, never between the check and the writes.
 * SQLite runs one writer at a time.
 */
async function holdEventSettings(trx: Transaction<Database>, guildId: string): Promise<boolean> {
  const settings = trx
    .selectFrom("tournament_event_settings")
    .select("guild_id")
    .where("guild_id", "=", guildId);
  const held = readDialect(trx) === "postgres" ? settings.forShare() : settings;
  return (await held.executeTakeFirst()) !== undefined;
}
