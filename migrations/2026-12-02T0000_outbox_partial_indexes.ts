// Most outbox rows are never grouped again after a crash and carry no contest, so the indexes that find rows
// by `group_id` and by `summary_key` keep only the rows that have one: a row queued without them costs its
// insert two index entries fewer (docs/performance.md). Both indexes serve only `=`
// lookups, which either database answers from a partial index.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_group_index").execute();
  await db.schema
    .createIndex("outbox_group_index")
    .on("outbox")
    .column("group_id")
    .where(sql.ref("group_id"), "is not", null)
    .execute();
  await db.schema.dropIndex("outbox_summary_index").execute();
  await db.schema
    .createIndex("outbox_summary_index")
    .on("outbox")
    .columns(["channel_id", "summary_key"])
    .where(sql.ref("summary_key"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_summary_index").execute();
  await db.schema
    .createIndex("outbox_summary_index")
    .on("outbox")
    .columns(["channel_id", "summary_key"])
    .execute();
  await db.schema.dropIndex("outbox_group_index").execute();
  await db.schema.createIndex("outbox_group_index").on("outbox").column("group_id").execute();
}
