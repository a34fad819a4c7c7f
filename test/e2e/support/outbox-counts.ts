// What the shared database holds, read by a test beside the bot processes.
import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";

/** Outbox rows, all of them or those in one status. */
export async function countOutbox(db: Kysely<Database>, status?: "delivered"): Promise<number> {
  let query = db.selectFrom("outbox").select((eb) => eb.fn.countAll<number>().as("count"));
  if (status !== undefined) query = query.where("status", "=", status);
  return (await query.executeTakeFirstOrThrow()).count;
}

/** Events the inbox took. */
export async function countInbox(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("inbox_events")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return row.count;
}
