// A thread's rows are found by the message they target (its start, posts and archive, and whether its archive
// went, read for every late battle update: docs/architecture.md, "Routing"), where the outbox may hold many
// thousands of delivered rows; without an index each of those reads scans them all. Only rows that target a
// message are kept (a plain post targets none); an `=` on the column lets either database use the index.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("outbox_target_index")
    .on("outbox")
    .columns(["target_message_id", "action"])
    .where(sql.ref("target_message_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_target_index").execute();
}
