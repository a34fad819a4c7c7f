// The inbox events a battle card is rebuilt from (src/announcements/card-events.ts reads them): the events
// routed to the card's message, and the battle.created that reached the guild before the card was saved.
// Payloads come back as the stored JSON text, unparsed, so the reader can skip a row it cannot read.
import type { Kysely } from "kysely";
import type { Database } from "./database.js";
import { battleAnswerSource } from "./battle-answers.js";
import { operatorSource } from "./inbox.js";

/** An inbox event's id and its payload as stored. */
export interface StoredEventText {
  readonly eventId: string;
  /** The normalised event as JSON text. */
  readonly payload: string;
}

/** Ids that need no escaping in any dialect's LIKE. */
const plainId = /^[\w.:-]+$/;

/**
 * The accepted events routed to one card message (the events of its edit rows in the outbox), newest
 * first, at most `limit`; a join's edit rows name no event (battle-answers.ts).
 */
export async function listCardMessageEvents(
  db: Kysely<Database>,
  input: { readonly channelId: string; readonly messageId: string; readonly limit: number },
): Promise<StoredEventText[]> {
  return (
    db
      .selectFrom("outbox")
      .innerJoin("inbox_events", (join) =>
        join
          .onRef("inbox_events.source", "=", "outbox.source")
          .onRef("inbox_events.event_id", "=", "outbox.event_id"),
      )
      .select(["inbox_events.event_id as eventId", "inbox_events.payload as payload"])
      .where("outbox.channel_id", "=", input.channelId)
      .where("outbox.target_message_id", "=", input.messageId)
      .where("outbox.action", "=", "edit")
      // A join's edits carry no event; its answer is read from battle_answers.
      .where("outbox.source", "!=", battleAnswerSource)
      .where("inbox_events.status", "=", "accepted")
      .orderBy("inbox_events.received_at", "desc")
      .orderBy("inbox_events.event_id", "desc")
      .limit(input.limit)
      .execute()
  );
}

/**
 * Accepted battle.created events received from `receivedFrom` to `receivedTo` (inclusive), newest first,
 * at most `limit`, and only from a source that may reach `guildId`: the operator or that guild's own
 * endpoints. When `battleId` needs no escaping, rows are pre-filtered on it in the stored JSON; other
 * battles' events may still come back, so the caller checks each parsed event.
 */
export function listBattleCreatedEvents(
  db: Kysely<Database>,
  input: {
    readonly battleId: string;
    readonly guildId: string;
    readonly receivedFrom: number;
    readonly receivedTo: number;
    readonly limit: number;
  },
): Promise<StoredEventText[]> {
  return listBattleEvents(db, { ...input, kinds: ["battle.created"] });
}

/** As listBattleCreatedEvents, for any of these battle event kinds. */
export async function listBattleEvents(
  db: Kysely<Database>,
  input: {
    readonly battleId: string;
    readonly guildId: string;
    readonly kinds: readonly string[];
    readonly receivedFrom: number;
    readonly receivedTo: number;
    readonly limit: number;
  },
): Promise<StoredEventText[]> {
  let query = db
    .selectFrom("inbox_events")
    .select(["event_id as eventId", "payload"])
    .where("kind", "in", [...input.kinds])
    .where("status", "=", "accepted")
    .where((eb) =>
      eb.or([
        eb("source", "=", operatorSource),
        eb(
          "source",
          "in",
          eb.selectFrom("webhook_endpoints").select("id").where("guild_id", "=", input.guildId),
        ),
      ]),
    )
    .where("received_at", ">=", input.receivedFrom)
    .where("received_at", "<=", input.receivedTo);
  if (plainId.test(input.battleId)) query = query.where("payload", "like", `%"${input.battleId}"%`);
  return query.orderBy("received_at", "desc").limit(input.limit).execute();
}
