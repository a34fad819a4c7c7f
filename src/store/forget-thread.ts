// Forgetting a message's thread that Discord deleted or closed to the bot (docs/architecture.md, "Posting"):
// its subject's updates go to the channel again and its pending rows are dropped; what becomes of each dropped
// row is its source's to say (OutboxSource.onThreadLost), so this names no feature
// (src/store/message-threads.ts keeps the threads).
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { idsPerQuery, inSlices } from "./in-slices.js";
import { isLeaseFree } from "./leases.js";
import { toOutboxEntry, type OutboxEntry } from "./outbox.js";

/**
 * The thread is gone or closed to the bot: it is forgotten, so its subject's updates are posted in the
 * channel again, and the thread's pending rows are dropped (each would fail the same way), but for those a
 * worker holds (the failing one's other claimed rows too), which fail on their own and come back here as
 * `failedRowIds`. The dropped rows and the failed ones still dead are handed to `handOver`, in the same
 * transaction, whose sources decide whether they are posted elsewhere (a route's post in the channel, say);
 * a row nobody takes stays dropped. Returns whether the thread was still known, so a failure is told once.
 */
export async function forgetThread(
  db: Kysely<Database>,
  key: {
    readonly guildId: string;
    readonly threadId: string;
    readonly error: string;
    readonly now: number;
    readonly failedRowIds?: readonly string[];
    readonly handOver: (rows: readonly OutboxEntry[]) => Promise<void>;
  },
): Promise<boolean> {
  const forgotten = await db
    .updateTable("message_threads")
    .set({ thread_id: null })
    .where("guild_id", "=", key.guildId)
    .where("thread_id", "=", key.threadId)
    .executeTakeFirst();
  // Dropped and read in one statement, so a row another transaction commits or delivers meanwhile is either
  // dropped and handed over or left as it is, never one without the other.
  const dropped = await db
    .updateTable("outbox")
    .set({ status: "dead", last_error: key.error, lease_owner: null, lease_expires_at: null })
    .where("status", "=", "pending")
    .where("guild_id", "=", key.guildId)
    .where("action", "in", ["thread-post", "archive-thread"])
    .where("target_message_id", "=", key.threadId)
    .where(isLeaseFree(db, { table: "outbox", now: key.now }))
    .returningAll()
    .execute();
  const failedRowIds = key.failedRowIds ?? [];
  const failed =
    failedRowIds.length === 0
      ? []
      : await inSlices(failedRowIds, idsPerQuery, (some) =>
          db
            .selectFrom("outbox")
            .selectAll()
            .where("id", "in", some)
            // Still dead as its sender recorded it: one that lost its lease may be another worker's now.
            .where("status", "=", "dead")
            .where("guild_id", "=", key.guildId)
            .where("target_message_id", "=", key.threadId)
            .execute(),
        );
  const lost = [...dropped, ...failed].map(toOutboxEntry);
  if (lost.length > 0) await key.handOver(lost);
  return forgotten.numUpdatedRows > 0n;
}
