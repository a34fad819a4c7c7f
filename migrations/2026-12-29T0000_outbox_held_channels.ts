// A claim leaves alone the channels another worker holds pending rows of (docs/architecture.md, "Posting"),
// which it reads among the rows under a lease: the rows in flight, a few, where a backlog may hold many
// thousands pending. Only leased rows are in this index, so a row queued (no lease yet) costs its insert
// nothing more.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("outbox_leased_index")
    .on("outbox")
    .column("lease_expires_at")
    .where(sql.ref("lease_owner"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_leased_index").execute();
}
