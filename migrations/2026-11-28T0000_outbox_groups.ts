// Rows that go out together (docs/architecture.md, "Posting"): `group_id` names the rows one message carries,
// written before the message is sent so that a crash mid-send resends the same rows under the same nonce;
// `summary_key` names the contest (battle or tournament) a rating change belongs to, so the rating changes
// of one contest reaching one channel become one summary. Both are null in rows made before this migration,
// which are sent one by one as before.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("group_id", "varchar(25)").execute();
  await db.schema.alterTable("outbox").addColumn("summary_key", "text").execute();
  // A group resent after a crash is read back by its id.
  await db.schema.createIndex("outbox_group_index").on("outbox").column("group_id").execute();
  // A summary gathers the pending rating changes of one contest waiting for one channel.
  await db.schema
    .createIndex("outbox_summary_index")
    .on("outbox")
    .columns(["channel_id", "summary_key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_summary_index").execute();
  await db.schema.dropIndex("outbox_group_index").execute();
  await db.schema.alterTable("outbox").dropColumn("summary_key").execute();
  await db.schema.alterTable("outbox").dropColumn("group_id").execute();
}
