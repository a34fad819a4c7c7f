import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import type { WriteHealth } from "./write-health.js";

/** How long /readyz waits for the write probe of a database that could not write, before it answers. */
const probeWaitMs = 1000;

/**
 * The readiness check of the database (docs/operations.md, "Health, metrics and logs"): true once a trivial query came
 * back and writes work; while they do not, the reason ("cannot write: disk full (since …)"). A connection
 * failure throws. While a fault is recorded it probes (write-health.ts), waiting a second at most, so an
 * instance whose fault cleared says so at once, and a lock still held never stalls the answer.
 */
export async function databaseAnswers(
  db: Kysely<Database>,
  writeHealth?: WriteHealth,
): Promise<true | string> {
  await sql`select 1`.execute(db);
  if (writeHealth?.current() === undefined) return true;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    writeHealth.probeIfFailing(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, probeWaitMs);
    }),
  ]);
  clearTimeout(timer);
  const state = writeHealth.current();
  return state === undefined
    ? true
    : `cannot write: ${state.fault} (since ${new Date(state.since).toISOString()})`;
}
