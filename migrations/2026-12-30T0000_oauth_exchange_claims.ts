// The callback claims a sign-in's code before sending it to the token endpoint (docs/architecture.md,
// "Linking"): a reload while the first visit is still exchanging must not send the code a second time.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_states").addColumn("exchange_claimed_at", "bigint").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_states").dropColumn("exchange_claimed_at").execute();
}
