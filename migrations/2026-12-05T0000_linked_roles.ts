// Linked Roles (docs/architecture.md, "Linked Roles"): the pending Discord authorizations of the verification
// URL, bound to the browser that opened it, and each Discord user's connection with their sealed Discord
// tokens. A personal connection, keyed by Discord user alone: Discord asks from the member's profile, not from
// a server.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("linked_role_states")
    .addColumn("state_hash", "text", (col) => col.primaryKey())
    .addColumn("browser_hash", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("role_connections")
    .addColumn("user_id", "text", (col) => col.primaryKey())
    .addColumn("credential", "text", (col) => col.notNull())
    .addColumn("expires_at", "bigint")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
    .addColumn("platform_user_id", "text")
    .addColumn("platform_username", "text")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("role_connections").execute();
  await db.schema.dropTable("linked_role_states").execute();
}
