import type { Kysely } from "kysely";
import type { Database } from "./database.js";

/** Pending rows and the age of the oldest one, for the metrics gauges and `/setup status`. */
export async function readOutboxHealth(
  db: Kysely<Database>,
  now: number,
): Promise<{ pending: number; oldestPendingAgeSeconds: number }> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("pending"),
      eb.fn.min<number | string | null>("created_at").as("oldest"),
    ])
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? undefined : Number(row.oldest);
  return {
    pending: Number(row.pending),
    oldestPendingAgeSeconds: oldest === undefined ? 0 : Math.max(0, (now - oldest) / 1000),
  };
}
