// What a server's tournament events should be (docs/architecture.md, "Tournament events"): each read of its
// open tournaments brings its rows in line in one commit, checked against `/setup events off` in that commit,
// and a `system.tournament_started` event makes the tournament's events active. The rows themselves are read
// and mapped in tournament-events.ts.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";
import {
  laterUpdatedAt,
  sameFields,
  toTournamentEvent,
  updateTournamentEventRow,
  type TournamentEvent,
  type TournamentEventFields,
  type WantedTournamentEvent,
} from "./tournament-events.js";
import { takeReadTurn, type ReadName } from "./tournament-read-state.js";

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
 * tournament is still open (a nearer one took its place) or, after two reads of the whole list (`complete`)
 * in a row, left it before its start (the first only marks it missed); one that left at or after its start
 * started, and becomes active. Undefined, and nothing written, when the server does not show events: a read
 * that raced `/setup events off` never brings back the rows it marked for deletion. With `read`, "overtaken"
 * and nothing written when the read no longer holds (takeEventRowsTurn).
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
    readonly read?: EventRowsRead;
  },
): Promise<TournamentEventSync | "overtaken" | undefined> {
  const { guildId, now } = input;
  return db.transaction().execute(async (trx) => {
    if (input.read !== undefined) {
      const turn = await takeEventRowsTurn(trx, guildId, input.read);
      if (turn !== "taken") return turn;
    } else if (!(await holdEventSettings(trx, guildId))) return undefined;
    const rows = await trx
      .selectFrom("tournament_events")
      .selectAll()
      .where("guild_id", "=", guildId)
      .execute();
    const existing = new Map(rows.map((row) => [row.tournament_id, toTournamentEvent(row)]));
    const sync = { created: 0, changed: 0, started: 0, deleted: 0 };
    const due = { due_at: now, attempts: 0 };
    const active = rows.filter((row) => row.wanted_status === "active").length;
    const wanted = takeRoom(input.wanted, existing, { room: input.limit - active, now });
    for (const event of wanted) {
      const fields = toFieldColumns(event);
      const row = existing.get(event.tournamentId);
      if (row === undefined) {
        const inserted = await trx
          .insertInto("tournament_events")
          .values({
            guild_id: guildId,
            tournament_id: event.tournamentId,
            wanted_status: "scheduled",
            ...fields,
            ...due,
            created_at: now,
            updated_at: now,
          })
          // A read of the reminders' and one of the events' own that overlap as the server's reminders' link
          // comes back or goes: the row one of them made stands, and the other's read goes on.
          .onConflict((conflict) => conflict.columns(["guild_id", "tournament_id"]).doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows !== 0n) sync.created += 1;
      } else if (
        (row.wantedStatus === "scheduled" && !sameFields(row, event)) ||
        (row.wantedStatus === "deleted" && event.startsAt > now)
      ) {
        await updateTournamentEventRow(trx, guildId, event.tournamentId, {
          ...fields,
          wanted_status: "scheduled",
          ...due,
          updated_at: laterUpdatedAt(now),
        });
        sync.changed += 1;
      }
    }
    const wantedIds = new Set(wanted.map((event) => event.tournamentId));
    for (const row of existing.values()) {
      // Seen again after a read that missed it: only a miss in the read after another deletes.
      if (row.missedAt !== null && input.openIds.has(row.tournamentId))
        await updateTournamentEventRow(trx, guildId, row.tournamentId, { missed_at: null });
      if (row.wantedStatus !== "scheduled" || wantedIds.has(row.tournamentId)) continue;
      const open = input.openIds.has(row.tournamentId);
      if (!open && !input.complete) continue;
      const started = !open && row.startsAt <= now;
      if (!open && !started && row.missedAt === null) {
        // One read can miss an open tournament (an empty answer, a page shifted as another started), and
        // deleting its event loses every member's "Interested": the next read decides, as for reminders.
        await updateTournamentEventRow(trx, guildId, row.tournamentId, { missed_at: now });
        continue;
      }
      // The scheduled event's mark is no mark of the active event's reads (tournament-event-ends.ts).
      await updateTournamentEventRow(trx, guildId, row.tournamentId, {
        wanted_status: started ? "active" : "deleted",
        missed_at: null,
        ...due,
        updated_at: laterUpdatedAt(now),
      });
      if (started) sync.started += 1;
      else sync.deleted += 1;
    }
    return sync;
  });
}

/**
 * A read of the open tournaments that writes the server's event rows: the events' own (a server without
 * reminders), named on the events' settings, or the reminders' read, which feeds both and is named on the
 * reminders' settings.
 */
export type EventRowsRead = ReadName &
  (
    | { readonly feeds: "events" }
    | {
        readonly feeds: "reminders";
        /**
         * The events' own reads claimed when it began (their settings' `read_claims`, 0 without them): one
         * claimed after that (while the reminders' read was on hold) that already wrote is newer.
         */
        readonly eventReadsBefore: number;
      }
  );

/**
 * Whether `read` may still write the rows: "taken" when it may; "overtaken" when a later read wrote first, or
 * the settings it was claimed for are gone (an older read would move an event back to the start it read, or
 * bring back one a nearer tournament replaced); undefined when the server shows no events, or a reminders'
 * read finds reminders turned off (the events' own reads take over). The events' own read takes its turn on
 * the events' settings (takeReadTurn). The reminders' read wrote its reminders in a commit of its own just
 * before, which took its turn: it writes the rows only while the reminders' settings still name it their last
 * read (no later read, reminders not turned off since), holding them until the commit, and while no events'
 * own read claimed after it began wrote first (`eventReadsBefore`); it marks every events' own read claimed
 * so far as older, so one claimed before reminders were turned on and committing late writes nothing. Each
 * update comes before any shared hold of the same row: two reads that each held it shared before writing it
 * would deadlock on PostgreSQL.
 */
async function takeEventRowsTurn(
  trx: Transaction<Database>,
  guildId: string,
  read: EventRowsRead,
): Promise<"taken" | "overtaken" | undefined> {
  const turn =
    read.feeds === "events"
      ? await takeReadTurn(trx, "tournament_event_settings", guildId, read)
      : await takeRemindersReadTurn(trx, guildId, read);
  if (turn === true) return "taken";
  if (turn === "reminders off") return undefined;
  return (await holdEventSettings(trx, guildId)) ? "overtaken" : undefined;
}

/** The reminders' read's turn on the event rows (takeEventRowsTurn). */
async function takeRemindersReadTurn(
  trx: Transaction<Database>,
  guildId: string,
  read: Extract<EventRowsRead, { readonly feeds: "reminders" }>,
): Promise<boolean | "reminders off"> {
  const reminders = trx
    .selectFrom("reminder_settings")
    .select(["synced_read", "created_at"])
    .where("guild_id", "=", guildId);
  const held = await (readDialect(trx) === "postgres" ? reminders.forShare() : reminders).executeTakeFirst();
  // Reminders turned off since: the events' own reads keep the events now.
  if (held === undefined) return "reminders off";
  // A later read wrote, or reminders were turned off and on again (their read's success is not this one's).
  if (held.created_at !== read.settingsCreatedAt || held.synced_read !== read.claims) return false;
  const superseded = await trx
    .updateTable("tournament_event_settings")
    .set((eb) => ({ synced_read: eb.ref("read_claims") }))
    .where("guild_id", "=", guildId)
    .where((eb) => eb.or([eb("synced_read", "is", null), eb("synced_read", "<=", read.eventReadsBefore)]))
    .executeTakeFirst();
  return superseded.numUpdatedRows > 0n;
}

/**
 * The nearest open tournaments, up to `room` of them, that would show an event: one already scheduled, or one
 * whose start is ahead (new, or its event being deleted). One whose start has passed with no event, or whose
 * event is active, completed or was deleted by an admin (`forgotten`), takes none of the room: counted, the
 * server would show fewer events than it may while a farther tournament's event was deleted.
 */
function takeRoom(
  wanted: readonly WantedTournamentEvent[],
  existing: ReadonlyMap<string, TournamentEvent>,
  { room, now }: { readonly room: number; readonly now: number },
): WantedTournamentEvent[] {
  const taken: WantedTournamentEvent[] = [];
  for (const event of wanted) {
    if (taken.length >= room) break;
    const row = existing.get(event.tournamentId);
    const status = row?.wantedStatus;
    const shows =
      status === "scheduled" || ((status === undefined || status === "deleted") && event.startsAt > now);
    if (shows) taken.push(event);
  }
  return taken;
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
    .set({
      wanted_status: "active",
      missed_at: null,
      due_at: input.now,
      attempts: 0,
      updated_at: laterUpdatedAt(input.now),
    })
    .where("tournament_id", "=", input.tournamentId)
    .where("wanted_status", "=", "scheduled");
  if (input.guildId !== undefined) query = query.where("guild_id", "=", input.guildId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
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

/**
 * Whether the server shows events, its settings row held until the commit on PostgreSQL (FOR SHARE), so
 * `/setup events off` deletes it only before or after this commit, never between the check and the writes.
 * SQLite runs one writer at a time.
 */
export async function holdEventSettings(trx: Transaction<Database>, guildId: string): Promise<boolean> {
  const settings = trx
    .selectFrom("tournament_event_settings")
    .select("guild_id")
    .where("guild_id", "=", guildId);
  const held = readDialect(trx) === "postgres" ? settings.forShare() : settings;
  return (await held.executeTakeFirst()) !== undefined;
}
