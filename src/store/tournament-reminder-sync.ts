// Bringing a server's reminders in line with one read of its open tournaments (docs/architecture.md,
// "Tournament reminders"): scheduled, moved, and skipped once two complete reads missed their tournament. The
// reminders themselves, and sending them, are tournament-reminders.ts and due-reminders.ts.
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "./database.js";
import { createId } from "./ids.js";
import { holdReminderLeadMinutes } from "./reminder-settings.js";
import {
  queuedPostGone,
  queuedPostMoved,
  type ReminderTournament,
  type WantedReminder,
} from "./tournament-reminders.js";
import { takeReadTurn, type ReadName } from "./tournament-read-state.js";

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
    /**
     * The read, named by its claim's count and the settings it was claimed for (the claimed settings'
     * `readClaims` and `createdAt`): one that commits after a later read did, or for settings since turned
     * off and on again, writes nothing and answers "overtaken". Left out, no order is kept.
     */
    readonly read?: ReadName;
  },
): Promise<ReminderSync | "overtaken" | undefined> {
  const { guildId, now } = input;
  return db.transaction().execute(async (trx) => {
    // First, as it takes the settings row's write lock: taken after holdReminderLeadMinutes's shared one, two
    // reads committing together would each wait for the other. An older read would bring back a moved start's
    // reminders, cancelling the new start's, till the next read.
    if (input.read !== undefined && !(await takeReadTurn(trx, "reminder_settings", guildId, input.read))) {
      return (await holdReminderLeadMinutes(trx, guildId)) === undefined ? undefined : "overtaken";
    }
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
      // Listed again, even unreadable (no start to compare): a sent reminder's waiting post is no longer gone.
      await trx
        .updateTable("tournament_reminders")
        .set({ status_reason: null, updated_at: now })
        .where("guild_id", "=", guildId)
        .where("tournament_id", "in", openIds)
        .where("status", "=", "sent")
        .where("status_reason", "=", queuedPostGone)
        .execute();
    }
    let gone = 0;
    if (input.complete) {
      // Missed by this read and the complete one before: a reminder still to send is skipped, and a sent one's
      // post, if it still waits in the outbox (held back by an outage or a rate limit), is marked gone, so it is
      // dropped when rendered rather than ping the role for a tournament withdrawn. A first miss is only noted.
      gone = await recordMisses(trx, { guildId, openIds, now }, "scheduled");
      await recordMisses(trx, { guildId, openIds, now }, "sent");
    }
    return { scheduled, moved, gone };
  });
}

/**
 * Notes the guild's reminders in `rows` whose tournament this complete read missed; those the complete read
 * before missed too get their second miss: a scheduled reminder is skipped as gone, a sent one's waiting post
 * marked gone (a later read that lists the tournament clears that mark, or marks it moved: markQueuedPostsMoved).
 * A sent row is written at most twice while its tournament stays unlisted. Answers how many had their second.
 */
async function recordMisses(
  trx: Kysely<Database>,
  input: { readonly guildId: string; readonly openIds: readonly string[]; readonly now: number },
  rows: "scheduled" | "sent",
): Promise<number> {
  const missedNow = (eb: ExpressionBuilder<Database, "tournament_reminders">) =>
    eb.and([
      eb("guild_id", "=", input.guildId),
      eb("status", "=", rows),
      ...(rows === "sent" ? [eb("status_reason", "is", null)] : []),
      ...(input.openIds.length === 0 ? [] : [eb("tournament_id", "not in", input.openIds)]),
    ]);
  const secondMiss =
    rows === "scheduled"
      ? ({ status: "skipped", status_reason: "gone" } as const)
      : ({ status_reason: queuedPostGone } as const);
  const second = await trx
    .updateTable("tournament_reminders")
    .set({ ...secondMiss, missed_at: null, updated_at: input.now })
    .where(missedNow)
    .where("missed_at", "is not", null)
    .executeTakeFirst();
  await trx
    .updateTable("tournament_reminders")
    .set({ missed_at: input.now })
    .where(missedNow)
    .where("missed_at", "is", null)
    .execute();
  return Number(second.numUpdatedRows);
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
        eb.and([
          eb("starts_at", "!=", startsAt),
          eb.or([eb("status_reason", "is", null), eb("status_reason", "=", queuedPostGone)]),
        ]),
        eb.and([
          eb("starts_at", "=", startsAt),
          eb("status_reason", "in", [queuedPostMoved, queuedPostGone]),
        ]),
      ]),
    )
    .execute();
}
