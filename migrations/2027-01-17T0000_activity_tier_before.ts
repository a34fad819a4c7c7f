// A rating row keeps the tier the member was in before the change (docs/architecture.md, "The weekly digest"),
// so a week's digest shows a promotion only when the week left the member above where it found them: a member
// who fell a tier and climbed back ends the week where they began it.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_activity").addColumn("tier_before", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("member_activity").dropColumn("tier_before").execute();
}
