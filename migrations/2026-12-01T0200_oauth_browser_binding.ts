// Binding an OAuth sign-in to the browser that started it (docs/architecture.md, "Linking"): the /link button
// opens the bot's `GET /oauth/start/<id>`, which sets a cookie and only then sends the browser to the
// platform; the callback and the confirmation require that cookie. Kept per pending sign-in:
// - `start_hash`: SHA-256 of the id in the start URL (the id itself is never stored);
// - `authorize_url`: the platform's authorize URL the start redirects to, sealed (it carries the state);
// - `browser_hash`: SHA-256 of the cookie the start set, null until a browser opened the start URL.
// Null in rows made before this migration: those sign-ins (10 minutes at most) must be started again.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

const columns = ["start_hash", "authorize_url", "browser_hash"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) {
    await db.schema.alterTable("oauth_states").addColumn(column, "text").execute();
  }
  await db.schema
    .createIndex("oauth_states_start_index")
    .on("oauth_states")
    .column("start_hash")
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("oauth_states_start_index").execute();
  for (const column of [...columns].reverse()) {
    await db.schema.alterTable("oauth_states").dropColumn(column).execute();
  }
}
