// Personal links (docs/architecture.md, "Linking", "Personal links"): a member's platform account tied to no
// server, made by `/link` in a DM or by the Linked Roles verification, keyed by Discord user alone. The pending
// sign-ins that make them have no server, and the one Linked Roles starts has no interaction to edit, so
// `oauth_states` is rebuilt with `guild_id` and `interaction_token` optional (neither database drops a NOT
// NULL the same way) and an `origin` saying which flow started it. Pending rows are copied over.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

const copiedColumns = sql.raw(
  [
    "state_hash",
    "guild_id",
    "user_id",
    "code_verifier",
    "interaction_token",
    "expires_at",
    "created_at",
    "member_name",
    "member_username",
    "guild_name",
    "start_hash",
    "authorize_url",
    "browser_hash",
    "pending_credential",
    "platform_username",
  ].join(", "),
);

async function rebuildOAuthStates(db: Kysely<any>, optional: boolean): Promise<void> {
  await db.schema
    .createTable("oauth_states_next")
    .addColumn("state_hash", "text", (col) => col.primaryKey())
    .addColumn("guild_id", "text", (col) => (optional ? col : col.notNull()))
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("interaction_token", "text", (col) => (optional ? col : col.notNull()))
    .addColumn("expires_at", "bigint", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("member_name", "text")
    .addColumn("member_username", "text")
    .addColumn("guild_name", "text")
    .addColumn("start_hash", "text")
    .addColumn("authorize_url", "text")
    .addColumn("browser_hash", "text")
    .addColumn("pending_credential", "text")
    .addColumn("platform_username", "text")
    .$call((table) =>
      optional ? table.addColumn("origin", "text", (col) => col.notNull().defaultTo("link")) : table,
    )
    .execute();
  // Going back, the sign-ins of no server (which the old table cannot hold) are dropped.
  const where = optional ? sql`` : sql` where guild_id is not null and interaction_token is not null`;
  await sql`insert into oauth_states_next (${copiedColumns}) select ${copiedColumns} from oauth_states${where}`.execute(
    db,
  );
  await db.schema.dropTable("oauth_states").execute();
  await db.schema.alterTable("oauth_states_next").renameTo("oauth_states").execute();
  await db.schema.createIndex("oauth_states_expires_index").on("oauth_states").column("expires_at").execute();
  await db.schema
    .createIndex("oauth_states_start_index")
    .on("oauth_states")
    .column("start_hash")
    .unique()
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("personal_links")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().unique())
    .addColumn("platform_user_id", "text", (col) => col.notNull())
    .addColumn("platform_username", "text", (col) => col.notNull())
    .addColumn("credential_kind", "text", (col) => col.notNull())
    .addColumn("credential", "text", (col) => col.notNull())
    .addColumn("scopes", "text")
    .addColumn("expires_at", "bigint")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();
  await rebuildOAuthStates(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildOAuthStates(db, false);
  await db.schema.dropTable("personal_links").execute();
}
