// A rating row keeps the tier the change left the member in (docs/architecture.md, "The weekly digest"), so a
// week's digest shows a promotion only while the member still holds that tier at the week's end.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_activity").addColumn("tier_after", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_activity").dropColumn("tier_after").execute();
}
