// A tournament's thread (docs/architecture.md, "Posting"): started from the tournament's first post in a channel
// (its start or a reminder), where its later reminders and its rating summary go. The rows are message threads
// (message-threads.ts) whose subject is the tournament.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { queueThreadStart, rowKeyOf, wantsThread, type ThreadPlace } from "./message-threads.js";

/**
 * After a tournament's post (its start or a reminder) went out as `messageId`: queues the start of the
 * tournament's thread there, unless the channel has one for it already (started, coming, or forgotten after
 * Discord refused or lost it), threads are paused or unwanted there. Safe to repeat: returns whether it queued.
 */
export async function startTournamentThread(
  db: Kysely<Database>,
  input: ThreadPlace & { readonly tournamentId: string; readonly title: string; readonly now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await wantsThread(trx, input))) return false;
    const subject = { kind: "tournament", id: input.tournamentId, title: input.title } as const;
    const inserted = await trx
      .insertInto("message_threads")
      .values({
        ...rowKeyOf(input, subject),
        message_id: input.messageId,
        thread_id: null,
        queued_at: input.now,
      })
      .onConflict((conflict) =>
        conflict.columns(["guild_id", "channel_id", "subject_kind", "subject_id"]).doNothing(),
      )
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await queueThreadStart(trx, input, subject, input.now);
    return true;
  });
}

/** The tournament's thread in the channel, once started and while updates are wanted there. */
export async function findTournamentThread(
  db: Kysely<Database>,
  key: { readonly guildId: string; readonly channelId: string; readonly tournamentId: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom("message_threads")
    .select("thread_id")
    .where("guild_id", "=", key.guildId)
    .where("channel_id", "=", key.channelId)
    .where("subject_kind", "=", "tournament")
    .where("subject_id", "=", key.tournamentId)
    .executeTakeFirst();
  if (row?.thread_id == null) return undefined;
  return (await wantsThread(db, key)) ? row.thread_id : undefined;
}

/** A started tournament thread, where routing sends that tournament's later posts (src/webhooks/). */
export interface TournamentThread {
  readonly guildId: string;
  readonly channelId: string;
  readonly tournamentId: string;
  readonly threadId: string;
}

/** Every started thread of these tournaments, in every guild. */
export async function listTournamentThreads(
  db: Kysely<Database>,
  tournamentIds: readonly string[],
): Promise<TournamentThread[]> {
  const unique = [...new Set(tournamentIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom("message_threads")
    .select(["guild_id", "channel_id", "subject_id", "thread_id"])
    .where("subject_kind", "=", "tournament")
    .where("subject_id", "in", unique)
    .where("thread_id", "is not", null)
    .execute();
  return rows.map((row) => ({
    guildId: row.guild_id,
    channelId: row.channel_id,
    tournamentId: row.subject_id,
    threadId: row.thread_id ?? "",
  }));
}
