// When a battle's result reached its card (battle_cards.ended_at, null while the battle may still run):
// `/battle join` and `/battle submit` suggest only cards without one. It was read off the card's result edit in
// the outbox, whose rows and events go a week after delivery, so a finished battle was suggested again.
// Cards whose result edit is still queued or kept are marked from it here.
import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").addColumn("ended_at", "bigint").execute();
  await db
    .updateTable("battle_cards")
    .set({ ended_at: sql.ref("battle_cards.updated_at") })
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("outbox")
          .innerJoin("inbox_events", (join) =>
            join
              .onRef("inbox_events.source", "=", "outbox.source")
              .onRef("inbox_events.event_id", "=", "outbox.event_id"),
          )
          .select("outbox.id")
          .whereRef("outbox.channel_id", "=", "battle_cards.channel_id")
          .whereRef("outbox.target_message_id", "=", "battle_cards.message_id")
          .where("outbox.action", "=", "edit")
          .where("inbox_events.kind", "in", ["battle.completed", "team.battle_completed"]),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").dropColumn("ended_at").execute();
}
