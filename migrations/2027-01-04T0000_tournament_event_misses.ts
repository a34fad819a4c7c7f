// A read of the whole list that misses an open tournament (an empty answer, a page shifted as another started)
// no longer deletes its event at once, losing every member's "Interested": the row remembers when a read first
// missed it, and only a later read that misses it too deletes it (docs/architecture.md, "Tournament events").
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_events").addColumn("missed_at", "bigint").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_events").dropColumn("missed_at").execute();
}
