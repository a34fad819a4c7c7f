// Sending the reminders whose time has come (docs/architecture.md, "Tournament reminders"): a due row is marked
// sent in the same commit that queues its post in the outbox, so it is posted once whichever instance finds it
// due, and a restart loses none. The rows themselves are kept by tournament-reminders.ts.
import type { Kysely, Selectable } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database, TournamentRemindersTable } from "./database.js";
import { insertInboxEvent } from "./inbox.js";
import { enqueueOutbox, enqueueOutboxRows, type OutboxEntry } from "./outbox.js";
import {
  reminderEventKind,
  reminderSource,
  toTournamentReminder,
  type TournamentReminder,
} from "./tournament-reminders.js";
import { findTournamentThread } from "./tournament-threads.js";

/** What becomes of a due reminder: posted, or skipped for a reason (late, started; off, removed here). */
export type DueDecision = { readonly send: true } | { readonly send: false; readonly reason: string };

export interface DueReminderOutcome {
  readonly reminder: TournamentReminder;
  readonly decision: DueDecision;
  /** The outbox row of its post, when it was sent. */
  readonly outboxId: string | undefined;
}

/**
 * Takes up to `limit` scheduled reminders whose due time has come and, in one commit, marks each sent with its
 * post queued in the server's reminder channel, or skipped as `decide` says. A row is changed only while still
 * scheduled, so none is sent twice.
 */
export async function sendDueReminders(
  db: Kysely<Database>,
  input: {
    readonly now: number;
    readonly limit: number;
    readonly decide: (reminder: TournamentReminder) => DueDecision;
  },
): Promise<DueReminderOutcome[]> {
  const { now } = input;
  // Looked at every second by every instance: a plain read first, so a tick with nothing due takes no write
  // lock (on SQLite the whole database's).
  const anyDue = await db
    .selectFrom("tournament_reminders")
    .select("id")
    .where("status", "=", "scheduled")
    .where("due_at", "<=", now)
    .limit(1)
    .executeTakeFirst();
  if (anyDue === undefined) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await takeDueRows(trx, input);
    const outcomes: DueReminderOutcome[] = [];
    for (const row of rows) {
      const reminder = toTournamentReminder(row);
      const settings = await trx
        .selectFrom("reminder_settings")
        .select("channel_id")
        .where("guild_id", "=", row.guild_id)
        .executeTakeFirst();
      // A server that removed the bot gets nothing (docs/architecture.md, "When the bot leaves a server"): queued,
      // the post would wait unsent and go out stale if the bot came back.
      const removed = await trx
        .selectFrom("guild_removals")
        .select("guild_id")
        .where("guild_id", "=", row.guild_id)
        .executeTakeFirst();
      const decision: DueDecision =
        settings === undefined
          ? { send: false, reason: "off" }
          : removed === undefined
            ? input.decide(reminder)
            : { send: false, reason: "removed" };
      const changed = await trx
        .updateTable("tournament_reminders")
        .set(
          decision.send
            ? { status: "sent", sent_at: now, updated_at: now }
            : { status: "skipped", status_reason: decision.reason, updated_at: now },
        )
        .where("id", "=", row.id)
        .where("status", "=", "scheduled")
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) continue;
      if (!decision.send || settings === undefined) {
        outcomes.push({ reminder, decision, outboxId: undefined });
        continue;
      }
      await insertInboxEvent(trx, {
        eventId: row.id,
        kind: reminderEventKind,
        source: reminderSource,
        status: "accepted",
        payload: { tournamentId: row.tournament_id, leadMinutes: row.lead_minutes },
        receivedAt: now,
      });
      // After the tournament's first post there, its reminders go into its thread (message-threads.ts).
      const threadId = await findTournamentThread(trx, {
        guildId: row.guild_id,
        channelId: settings.channel_id,
        tournamentId: row.tournament_id,
      });
      const outboxId = await enqueueOutbox(trx, {
        source: reminderSource,
        eventId: row.id,
        guildId: row.guild_id,
        channelId: settings.channel_id,
        subscriptionId: null,
        action: threadId === undefined ? "post" : "thread-post",
        targetMessageId: threadId ?? null,
        now,
      });
      outcomes.push({ reminder, decision, outboxId });
    }
    return outcomes;
  });
}

/**
 * The due rows, locked for this transaction by its first statement, a write (claim-due-rows.ts): on PostgreSQL
 * with SKIP LOCKED, so instances looking at once take different rows; on SQLite the write takes the database's
 * write lock before anything is read, so a transaction that read first cannot find its snapshot stale when it
 * comes to write.
 */
async function takeDueRows(
  trx: Kysely<Database>,
  input: { readonly now: number; readonly limit: number },
): Promise<Selectable<TournamentRemindersTable>[]> {
  return claimDueRows(trx, {
    table: "tournament_reminders",
    key: ["id"],
    isClaimable: (eb) => eb.and([eb("status", "=", "scheduled"), eb("due_at", "<=", input.now)]),
    orderBy: ["due_at"],
    limit: input.limit,
    set: { updated_at: input.now },
  });
}

/**
 * The reminders among `rows` that were meant for a tournament's thread the bot lost (src/store/forget-thread.ts),
 * posted in the channel instead, due now, while that channel is still the server's reminder channel: the members
 * who asked for the reminder are pinged all the same. Its render step decides again whether it is still worth
 * posting (src/announcements/reminder-post.ts). What the reminders' source registers for its rows of a lost
 * thread.
 */
export async function requeueLostReminders(
  db: Kysely<Database>,
  {
    guildId,
    now,
    rows,
  }: { readonly guildId: string; readonly now: number; readonly rows: readonly OutboxEntry[] },
): Promise<void> {
  const reminders = rows.filter((row) => row.action === "thread-post" && row.source === reminderSource);
  if (reminders.length === 0) return;
  const settings = await db
    .selectFrom("reminder_settings")
    .select("channel_id")
    .where("guild_id", "=", guildId)
    .executeTakeFirst();
  await enqueueOutboxRows(
    db,
    reminders
      .filter((row) => row.channelId === settings?.channel_id)
      .map((row) => ({
        source: row.source,
        eventId: row.eventId,
        guildId,
        channelId: row.channelId,
        subscriptionId: null,
        action: "post",
        targetMessageId: null,
        now: row.createdAt,
        dueAt: now,
      })),
  );
}
