// OAuth tokens the bot stops using, queued for revocation in the transaction that drops them (docs/architecture.md,
// "Linking"): a crash after that commit no longer leaves them valid at the platform (or at Discord), since the
// revocation worker sends what is queued, retrying until the issuer answers. The token is sealed, like every
// stored secret.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("token_revocations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull())
    .addColumn("guild_id", "text")
    .addColumn("user_id", "text")
    .addColumn("cause", "text", (col) => col.notNull())
    .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("token_revocations_due")
    .on("token_revocations")
    .column("next_attempt_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("token_revocations").execute();
}
