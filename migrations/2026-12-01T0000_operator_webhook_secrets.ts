// The operator's webhook secrets (src/store/database.ts documents the columns; docs/architecture.md, "Webhooks
// in" step 1): the PLATFORM_WEBHOOK_SECRET the bot last ran with, and the ones a restart with another replaced,
// each accepted for an hour after it was retired, as a server endpoint's are. Every secret is stored sealed.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("operator_webhook_secrets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("retired_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("operator_webhook_secrets").execute();
}
