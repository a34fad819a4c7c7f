// The names the OAuth confirm page shows (docs/architecture.md, "Linking"): whoever opens a /link sign-in URL
// is asked to confirm the Discord member and server the account goes to, so a forwarded URL cannot link a
// stranger's account unnoticed. Plain text, not secrets: they are what Discord shows in the server anyway.
// Null in rows made before this migration (they expire within 10 minutes), and the server's name is null when
// Discord could not be asked for it.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

const columns = ["member_name", "member_username", "guild_name"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) {
    await db.schema.alterTable("oauth_states").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of columns) {
    await db.schema.alterTable("oauth_states").dropColumn(column).execute();
  }
}
