// The roles a server pinged for tournament reminders before its current one (docs/architecture.md,
// "Tournament reminders"): a member who took one with `/remind on` can still give it back with `/remind off`
// after the admins changed the role or turned reminders off.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("former_reminder_roles")
    .addColumn("guild_id", "text", (col) => col.notNull())
    .addColumn("role_id", "text", (col) => col.notNull())
    .addColumn("retired_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("former_reminder_roles_key", ["guild_id", "role_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("former_reminder_roles").execute();
}
