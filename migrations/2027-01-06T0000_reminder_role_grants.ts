// The reminder roles the bot gave members through `/remind on` (docs/architecture.md, "Tournament
// reminders"): `/remind off` gives back such a role after the admins picked another or turned reminders off,
// and never a role the member had from anyone else (a former reminder role may be a general one).
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("reminder_role_grants")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("role_id", "text", (col) => col.notNull())
    .addColumn("granted_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("reminder_role_grants_key", ["guild_id", "user_id", "role_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reminder_role_grants").execute();
}
