// A read of the whole open list that misses a tournament (an empty answer, a page shifted as another started)
// no longer skips its reminders at once: the row remembers when a read first missed it, and only a later read
// that misses it too skips them, as for tournament events. A reminder due between the two reads was lost when
// the read after it came past its quarter of lateness (docs/architecture.md, "Tournament reminders").
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_reminders").addColumn("missed_at", "bigint").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tournament_reminders").dropColumn("missed_at").execute();
}
