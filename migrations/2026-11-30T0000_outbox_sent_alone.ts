// A row sent alone (docs/architecture.md, "Posting"): `sent_alone_at` is written before a row goes to Discord
// alone, under its own id as the nonce, so that a resend after a lost answer or a crash goes alone under that
// same nonce and never joins a message of rows queued since, which Discord would post as a second message.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("sent_alone_at", "bigint").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("sent_alone_at").execute();
}
