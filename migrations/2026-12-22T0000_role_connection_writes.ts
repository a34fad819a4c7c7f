// Linked Roles kept current by push (docs/architecture.md, "Linked Roles"): one row per Discord user whose role
// connection needs writing again, queued in the transaction of what changed it (a rating change, a battle
// result, an unlink, a server's data purged) and claimed under a lease by the role connection worker. Many
// changes before the worker gets there are one row; its version tells a finished write from one overtaken by
// a newer change.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("role_connection_writes")
    .addColumn("user_id", "text", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("cause", "text", (col) => col.notNull())
    .addColumn("queued_at", "bigint", (col) => col.notNull())
    .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("role_connection_writes_due")
    .on("role_connection_writes")
    .column("next_attempt_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("role_connection_writes").execute();
}
