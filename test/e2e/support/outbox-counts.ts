// What the shared database holds, read by a test beside the bot processes.
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";
import type { OutboxAction } from "../../../src/store/outbox.js";
import { messageThreadSource } from "../../../src/store/message-threads.js";

/**
 * Outbox rows of one action, all of them or those in one status. A post in a channel is a `post` row; a
 * tournament's start post also starts a thread (docs/architecture.md, "Posting"), a `start-thread` row of its
 * own, so a fan-out's posts are counted apart from its threads.
 */
export async function countOutbox(
  db: Kysely<Database>,
  status?: "delivered",
  action: OutboxAction = "post",
): Promise<number> {
  let query = db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("action", "=", action);
  if (status !== undefined) query = query.where("status", "=", status);
  return (await query.executeTakeFirstOrThrow()).count;
}

/** Platform events the inbox took (a thread's start keeps an inbox row of its own, not counted here). */
export async function countInbox(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("inbox_events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("source", "!=", messageThreadSource)
    .executeTakeFirstOrThrow();
  return row.count;
}
