// The public thread a battle card starts (src/store/battle-threads.ts, docs/architecture.md, "Posting"): its id
// once Discord made it, so the battle's updates go there.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").addColumn("thread_id", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").dropColumn("thread_id").execute();
}
