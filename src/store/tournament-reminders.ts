// The reminders to send before tournaments start (docs/architecture.md, "Tournament reminders"). Each read of
// a server's open tournaments brings its rows up to date; a due row is marked sent in the same commit that
// queues its post in the outbox, so it is posted once whichever instance finds it due, and a restart loses
// none. The post's outbox row names the reminder as its event, under the source `reminder`. A read's changes
// to the rows are tournament-reminder-sync.ts.
import type { Kysely, Selectable } from "kysely";
import type { Database, TournamentRemindersTable } from "./database.js";

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

/**
 * The `status_reason` of a sent reminder whose tournament two complete reads missed after its post was queued
 * (withdrawn, or started): the post, if it still waits, is dropped.
 */
export const queuedPostGone = "gone";

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
