import type { Kysely } from "kysely";
import type { Database } from "./database.js";

/**
 * More than one page of a default SQLite file (4 KiB), so the probe needs pages a full file cannot give, as
 * a stored webhook would; a few pages, so it costs little: it runs every few seconds while a fault lasts, and
 * before each OAuth token refresh (src/linking/member-credential.ts), about once an hour per active member.
 */
const probeBytes = 16 * 1024;

/**
 * The write health's probe (write-health.ts): a row inserted and deleted in one transaction that commits,
 * so it takes the write lock, needs fresh pages and reaches the disk, and leaves nothing behind.
 */
export async function probeWrite(db: Kysely<Database>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("write_probe")
      .values({ probed_at: now, filler: "0".repeat(probeBytes) })
      .execute();
    await trx.deleteFrom("write_probe").execute();
  });
}
