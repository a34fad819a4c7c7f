// When a battle's result reached its card (battle_cards.ended_at, null while the battle may still run):
// `/battle join` and `/battle submit` suggest only cards without one. It was read off the card's result edit
// in the outbox, whose rows and events go a week after delivery, so a finished battle was suggested again.
// Cards whose result edit is still queued or kept are marked from it here.
import type { Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time, so they take Kysely<any> */

/** The kinds of a battle's result, as they were when this migration was written. */
const resultKinds = ["battle.completed", "team.battle_completed"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").addColumn("ended_at", "bigint").execute();
  // When its latest result edit was received, for each card a result edited.
  await db
    .updateTable("battle_cards")
    .set((eb) => ({
      ended_at: eb
        .selectFrom("outbox")
        .innerJoin("inbox_events", (join) =>
          join
            .onRef("inbox_events.source", "=", "outbox.source")
            .onRef("inbox_events.event_id", "=", "outbox.event_id"),
        )
        .select((inner) => inner.fn.max("inbox_events.received_at").as("received_at"))
        .whereRef("outbox.channel_id", "=", "battle_cards.channel_id")
        .whereRef("outbox.target_message_id", "=", "battle_cards.message_id")
        .where("outbox.action", "=", "edit")
        .where("inbox_events.kind", "in", resultKinds),
    }))
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
          .where("inbox_events.kind", "in", resultKinds),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("battle_cards").dropColumn("ended_at").execute();
}
