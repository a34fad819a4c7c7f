// Create mode's background pass puts the tier roles in rating order only when it made one, so that an order an
// admin arranged by hand is kept; a pass that made a role whose move Discord failed (a 5xx, a time-out, a rate
// limit) leaves the order owed here, and the next pass orders them whatever it makes (docs/architecture.md,
// "Tier roles").
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("guild_role_settings")
    .addColumn("tiers_order_owed", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guild_role_settings").dropColumn("tiers_order_owed").execute();
}
