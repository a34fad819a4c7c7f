// The reminders to send before tournaments start (docs/architecture.md, "Tournament reminders"). Each read of
// a server's open tournaments brings its rows up to date; a due row is marked sent in the same commit that
// queues its post in the outbox, so it is posted once whichever instance finds it due, and a restart loses
// none. The post's outbox row names the reminder as its event, under the source `reminder`.
import type { Kysely, Selectable, UpdateQueryBuilder, UpdateResult } from "kysely";
import type { Database, TournamentRemindersTable } from "./database.js";
import { createId } from "./ids.js";
import { holdReminderLeadMinutes } from "./reminder-settings.js";

/**
 * The inbox and outbox `source` of a reminder's post; its `event_id` is the reminder's id. An outbox row names
 * the inbox row it renders from, so a due reminder writes one of its own there (kind `tournament.reminder`),
 * kept and pruned as any event is.
 */
export const reminderSource = "reminder";
export const reminderEventKind = "tournament.reminder";

export type ReminderStatus = Selectable<TournamentRemindersTable>["status"];

/** The `status_reason` of a sent reminder whose start moved after its post was queued: the post is dropped. */
export const queuedPostMoved = "moved";

/** What a reminder shows of its tournament, as the last read had it. */
export interface ReminderTournament {
  readonly id: string;
  /** Ms since the epoch. */
  readonly startsAt: number;
  readonly title: string;
  readonly format: string | null;
  readonly prize: string | null;
  readonly participants: number | null;
  readonly maxParticipants: number | null;
}

export interface TournamentReminder {
  readonly id: string;
  readonly guildId: string;
  readonly tournament: ReminderTournament;
  readonly leadMinutes: number;
  readonly dueAt: number;
  readonly status: ReminderStatus;
  readonly statusReason: string | null;
  readonly tournamentStarted: boolean;
  readonly sentAt: number | null;
}

/** One reminder a read asks for: this lead time before this start. */
export interface WantedReminder {
  readonly tournament: ReminderTournament;
  readonly leadMinutes: number;
}

export interface ReminderSync {
  /** Reminders new to the store. */
  readonly scheduled: number;
  /** Reminders cancelled because their tournament's start moved. */
  readonly moved: number;
  /** Reminders skipped because their tournament left the open list. */
  readonly gone: number;
}

const minute = 60_000;

/**
 * Brings the server's reminders in line with one read of the open tournaments, in one commit: the wanted ones
 * are scheduled (or, already there, get the tournament's latest title, seats and prize), those of a start
 * that moved are cancelled, and, when the read saw the whole open list (`complete`), those of a tournament
 * missing from it as from the complete read before are skipped (scheduled again if a later read shows it
 * open): one read can miss an open tournament (an empty answer, a page shifted as another started), and the
 * reminder due before the next read would be lost, past its quarter of lateness by then. Rows already sent
 * are never touched, nor other skipped ones. Only the lead times the settings hold at the commit are wanted,
 * whatever they were when the read began; undefined, and nothing written, when reminders are off by then: a
 * read that raced `/setup reminders set` or `off` never brings back the reminders it cancelled or deleted.
 */
export async function syncTournamentReminders(
  db: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly wanted: readonly WantedReminder[];
    /** Every open tournament the read saw, including those that want no reminder now. */
    readonly openTournaments: readonly Pick<ReminderTournament, "id" | "startsAt">[];
    /**
     * The ids of every tournament the read listed, those it could not read (no start time) included: none of
     * them is missing from it. The ids of `openTournaments` when left out.
     */
    readonly listedIds?: readonly string[];
    readonly complete: boolean;
    readonly now: number;
  },
): Promise<ReminderSync | undefined> {
  const { guildId, now } = input;
  return db.transaction().execute(async (trx) => {
    const leads = await holdReminderLeadMinutes(trx, guildId);
    if (leads === undefined) return undefined;
    const wanted = input.wanted.filter((reminder) => leads.includes(reminder.leadMinutes));
    let scheduled = 0;
    for (const { tournament, leadMinutes } of wanted) {
      const snapshot = {
        title: tournament.title,
        format: tournament.format,
        prize: tournament.prize,
        participants: tournament.participants,
        max_participants: tournament.maxParticipants,
        updated_at: now,
      };
      const inserted = await trx
        .insertInto("tournament_reminders")
        .values({
          id: createId(),
          guild_id: guildId,
          tournament_id: tournament.id,
          lead_minutes: leadMinutes,
          starts_at: tournament.startsAt,
          due_at: tournament.startsAt - leadMinutes * minute,
          created_at: now,
          ...snapshot,
        })
        .onConflict((conflict) =>
          conflict.columns(["guild_id", "tournament_id", "lead_minutes", "starts_at"]).doNothing(),
        )
        .returning("id")
        .executeTakeFirst();
      if (inserted !== undefined) {
        scheduled += 1;
        continue;
      }
      await trx
        .updateTable("tournament_reminders")
        .set({ ...snapshot, status: "scheduled", status_reason: null })
        .where("guild_id", "=", guildId)
        .where("tournament_id", "=", tournament.id)
        .where("lead_minutes", "=", leadMinutes)
        .where("starts_at", "=", tournament.startsAt)
        .where("tournament_started", "=", 0)
        .where((eb) =>
          eb.or([
            eb("status", "=", "scheduled"),
            // The start moved back, or the lead time is in the settings again: it was never sent.
            eb.and([eb("status", "=", "cancelled"), eb("status_reason", "in", ["moved", "settings"])]),
            // Open again after a read that missed it (an empty answer, a page shifted as another started).
            eb.and([eb("status", "=", "skipped"), eb("status_reason", "=", "gone")]),
          ]),
        )
        .execute();
    }
    let moved = 0;
    for (const tournament of input.openTournaments) {
      const result = await trx
        .updateTable("tournament_reminders")
        .set({ status: "cancelled", status_reason: "moved", updated_at: now })
        .where("guild_id", "=", guildId)
        .where("tournament_id", "=", tournament.id)
        .where("status", "=", "scheduled")
        .where("starts_at", "!=", tournament.startsAt)
        .executeTakeFirst();
      moved += Number(result.numUpdatedRows);
      await markQueuedPostsMoved(trx, { guildId, tournament, now });
    }
    const openIds = [
      ...new Set([...input.openTournaments.map((tournament) => tournament.id), ...(input.listedIds ?? [])]),
    ];
    if (openIds.length > 0) {
      // Seen again after a read that missed it: only a miss in the read after another skips it.
      await trx
        .updateTable("tournament_reminders")
        .set({ missed_at: null })
        .where("guild_id", "=", guildId)
        .where("tournament_id", "in", openIds)
        .where("missed_at", "is not", null)
        .execute();
    }
    let gone = 0;
    if (input.complete) {
      const missing = (
        update: UpdateQueryBuilder<Database, "tournament_reminders", "tournament_reminders", UpdateResult>,
      ) => {
        const scheduled = update.where("guild_id", "=", guildId).where("status", "=", "scheduled");
        return openIds.length === 0 ? scheduled : scheduled.where("tournament_id", "not in", openIds);
      };
      // Missed by this read and the complete one before: skipped. Then those this read is the first to miss.
      const skipped = await missing(
        trx
          .updateTable("tournament_reminders")
          .set({ status: "skipped", status_reason: "gone", missed_at: null, updated_at: now }),
      )
        .where("missed_at", "is not", null)
        .executeTakeFirst();
      gone = Number(skipped.numUpdatedRows);
      await missing(trx.updateTable("tournament_reminders").set({ missed_at: now }))
        .where("missed_at", "is", null)
        .execute();
    }
    return { scheduled, moved, gone };
  });
}

/**
 * A reminder already sent (its post queued) whose start moved is marked `moved`, so a post still waiting in the
 * outbox (held back by an outage or a rate limit) is dropped when it is rendered rather than show the old start:
 * the new start has rows of its own, which remind at their own time. A start moved back clears the mark. Only
 * rows whose mark changes are written, so a read that finds nothing moved writes nothing here.
 */
async function markQueuedPostsMoved(
  trx: Kysely<Database>,
  input: {
    readonly guildId: string;
    readonly tournament: Pick<ReminderTournament, "id" | "startsAt">;
    readonly now: number;
  },
): Promise<void> {
  const { startsAt } = input.tournament;
  await trx
    .updateTable("tournament_reminders")
    .set((eb) => ({
      status_reason: eb.case().when("starts_at", "!=", startsAt).then(queuedPostMoved).else(null).end(),
      updated_at: input.now,
    }))
    .where("guild_id", "=", input.guildId)
    .where("tournament_id", "=", input.tournament.id)
    .where("status", "=", "sent")
    .where((eb) =>
      eb.or([
        eb.and([eb("starts_at", "!=", startsAt), eb("status_reason", "is", null)]),
        eb.and([eb("starts_at", "=", startsAt), eb("status_reason", "=", queuedPostMoved)]),
      ]),
    )
    .execute();
}

/**
 * A `system.tournament_started` event: the tournament's reminders not yet due are skipped, and those queued
 * but not yet posted are marked so the post is dropped. `guildId` limits it to one server (an event from that
 * server's own webhook); undefined is every server (the operator's). Returns the reminders skipped.
 */
export async function markTournamentStarted(
  db: Kysely<Database>,
  input: { readonly tournamentId: string; readonly guildId: string | undefined; readonly now: number },
): Promise<number> {
  let marked = db
    .updateTable("tournament_reminders")
    .set({ tournament_started: 1, updated_at: input.now })
    .where("tournament_id", "=", input.tournamentId)
    .where("status", "in", ["scheduled", "sent"]);
  let skipped = db
    .updateTable("tournament_reminders")
    .set({ status: "skipped", status_reason: "started", updated_at: input.now })
    .where("tournament_id", "=", input.tournamentId)
    .where("status", "=", "scheduled");
  if (input.guildId !== undefined) {
    marked = marked.where("guild_id", "=", input.guildId);
    skipped = skipped.where("guild_id", "=", input.guildId);
  }
  await marked.execute();
  return Number((await skipped.executeTakeFirst()).numUpdatedRows);
}

export async function findTournamentReminder(
  db: Kysely<Database>,
  id: string,
): Promise<TournamentReminder | undefined> {
  const row = await db.selectFrom("tournament_reminders").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : toTournamentReminder(row);
}

/** The server's reminders still to send, soonest first, for `/setup status`. */
export async function listScheduledReminders(
  db: Kysely<Database>,
  guildId: string,
): Promise<TournamentReminder[]> {
  const rows = await db
    .selectFrom("tournament_reminders")
    .selectAll()
    .where("guild_id", "=", guildId)
    .where("status", "=", "scheduled")
    .orderBy("due_at")
    .execute();
  return rows.map(toTournamentReminder);
}

/** Deletes the reminders of starts before `startedBefore`, whatever became of them; returns how many. */
export async function pruneTournamentReminders(db: Kysely<Database>, startedBefore: number): Promise<number> {
  const result = await db
    .deleteFrom("tournament_reminders")
    .where("starts_at", "<", startedBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function toTournamentReminder(row: Selectable<TournamentRemindersTable>): TournamentReminder {
  return {
    id: row.id,
    guildId: row.guild_id,
    tournament: {
      id: row.tournament_id,
      startsAt: row.starts_at,
      title: row.title,
      format: row.format,
      prize: row.prize,
      participants: row.participants,
      maxParticipants: row.max_participants,
    },
    leadMinutes: row.lead_minutes,
    dueAt: row.due_at,
    status: row.status,
    statusReason: row.status_reason,
    tournamentStarted: row.tournament_started !== 0,
    sentAt: row.sent_at,
  };
}
