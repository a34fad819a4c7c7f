import type { Kysely } from "kysely";
import type { Database } from "../../../src/store/database.js";

/** How many inbox and outbox rows exist: "nothing stored" is both zero. */
export async function countStored(db: Kysely<Database>): Promise<{ inbox: number; outbox: number }> {
  const inbox = await db.selectFrom("inbox_events").select("event_id").execute();
  const outbox = await db.selectFrom("outbox").select("id").execute();
  return { inbox: inbox.length, outbox: outbox.length };
}
