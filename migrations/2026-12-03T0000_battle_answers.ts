// What the platform answered the bot about a battle whose card it keeps (src/store/battle-answers.ts): the
// create answer and each join's participants, which no webhook may ever bring (docs/architecture.md,
// "Routing"), so the battle card shows them at once.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("battle_answers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("battle_id", "text", (col) => col.notNull())
    .addColumn("answer", "text", (col) => col.notNull())
    .addColumn("received_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("battle_answers_by_battle")
    .on("battle_answers")
    .columns(["battle_id", "received_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("battle_answers").execute();
}
