// One token refresh at a time per link across instances (docs/architecture.md, "Linking"): a platform that
// rotates refresh tokens accepts each one once, so a second instance refreshing the same link at the same
// time would be refused with invalid_grant and mark a good link as needing a new sign-in. The instance
// refreshing holds the link's row; the others wait for the token it stores.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("link_refresh_leases")
    .addColumn("link_key", "text", (col) => col.primaryKey())
    .addColumn("lease_owner", "text", (col) => col.notNull())
    .addColumn("lease_expires_at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("link_refresh_leases").execute();
}
