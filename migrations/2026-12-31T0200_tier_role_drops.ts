// A tier given another role with `/setup roles map` takes the old role from the members the bot was keeping
// (docs/architecture.md, "Tier roles"): the old role's id is noted on each of the server's member rows,
// comma-separated, until that member's next sync has taken it.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_tier_roles").addColumn("drop_role_ids", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_tier_roles").dropColumn("drop_role_ids").execute();
}
