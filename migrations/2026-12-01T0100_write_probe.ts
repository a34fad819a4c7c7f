// The table the store's write probe uses (src/store/write-probe.ts): while SQLite cannot write (a full disk, a
// lock held past the busy timeout), the probe inserts a row here and deletes it in one transaction, so /readyz
// recovers once a write that needs fresh space can commit again. It never holds a row between probes.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("write_probe")
    .addColumn("probed_at", "bigint", (col) => col.notNull())
    .addColumn("filler", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("write_probe").execute();
}
