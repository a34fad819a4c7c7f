// The callback exchanges the code, so the confirm page can name the platform account (docs/architecture.md,
// "Linking"): the tokens wait, sealed, in the pending row until "Link account" or "Cancel".
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_states").addColumn("pending_credential", "text").execute();
  await db.schema.alterTable("oauth_states").addColumn("platform_username", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("oauth_states").dropColumn("platform_username").execute();
  await db.schema.alterTable("oauth_states").dropColumn("pending_credential").execute();
}
