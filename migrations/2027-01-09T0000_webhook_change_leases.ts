// One change to a server's platform webhook at a time (docs/architecture.md, "Managing the platform
// webhook"): `/setup webhook register` and `rotate-secret` hold the server's row while they talk to the
// platform, so two runs at once cannot register two webhooks or leave the platform signing with a secret the
// bot retired.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_change_leases")
    .addColumn("guild_id", "text", (col) => col.primaryKey())
    .addColumn("lease_owner", "text", (col) => col.notNull())
    .addColumn("lease_expires_at", "bigint", (col) => col.notNull())
    .addColumn("started_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_change_leases").execute();
}
