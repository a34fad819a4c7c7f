// `/setup roles off` remembers the mode it turned off (docs/architecture.md, "Tier roles"), so
// `/setup roles sync` turns tier roles back on as they were: in create mode new tiers get a role again.
// Servers already off come back as mapped, as before.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guild_role_settings").addColumn("resume_mode", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guild_role_settings").dropColumn("resume_mode").execute();
}
