// The interaction ids POST /interactions has taken, kept for a while so a replayed signed request is refused
// (docs/architecture.md, "Commands" step 1). The primary key makes the insert-or-ignore atomic across
// instances.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("seen_interactions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("seen_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("seen_interactions_seen_at_index")
    .on("seen_interactions")
    .column("seen_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("seen_interactions").execute();
}
