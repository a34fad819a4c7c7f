// The events a battle card is rebuilt from (battle-card-state.ts): every event routed to that card message
// (its edit rows in the outbox), plus the battle.created that usually arrives just before the card is saved
// and so has no edit row, yet is the only event naming the language and the seats.
import type { Kysely } from "kysely";
import type { Logger } from "../logger.js";
import type { Database } from "../store/database.js";
import { operatorSource } from "../store/inbox.js";
import { readStoredEvent, StoredEventError, type KnownPlatformEvent } from "../events/index.js";

/** The newest this many events of one card are read; a battle's key events are few, submissions many. */
const maxCardEvents = 500;
/** How long before the card was saved its battle.created may have been received. */
const createdLookback = 15 * 60_000;

const plainId = /^[\w.:-]+$/;

export interface CardMessage {
  readonly channelId: string;
  readonly messageId: string;
}

export async function listCardEvents(
  db: Kysely<Database>,
  logger: Logger,
  card: CardMessage,
): Promise<KnownPlatformEvent[]> {
  const rows = await db
    .selectFrom("outbox")
    .innerJoin("inbox_events", (join) =>
      join
        .onRef("inbox_events.source", "=", "outbox.source")
        .onRef("inbox_events.event_id", "=", "outbox.event_id"),
    )
    .select(["inbox_events.event_id as eventId", "inbox_events.payload as payload"])
    .where("outbox.channel_id", "=", card.channelId)
    .where("outbox.target_message_id", "=", card.messageId)
    .where("outbox.action", "=", "edit")
    .where("inbox_events.status", "=", "accepted")
    .orderBy("inbox_events.received_at", "desc")
    .orderBy("inbox_events.event_id", "desc")
    .limit(maxCardEvents)
    .execute();
  return rows.flatMap((row) => readPayload(logger, row.eventId, row.payload));
}

/**
 * The battle.created of `battleId` received shortly before `savedAt`, if the inbox still has it. Only from a
 * source that may reach `guildId` (the operator or that guild's own endpoints, DESIGN.md §4): another guild's
 * admins can sign anything with their endpoint's secret, and must not be able to rewrite this guild's card.
 */
export async function findCreatedEvent(
  db: Kysely<Database>,
  logger: Logger,
  input: { readonly battleId: string; readonly guildId: string; readonly savedAt: number },
): Promise<KnownPlatformEvent | undefined> {
  let query = db
    .selectFrom("inbox_events")
    .select(["event_id as eventId", "payload"])
    .where("kind", "=", "battle.created")
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
    .where("received_at", ">=", input.savedAt - createdLookback)
    .where("received_at", "<=", input.savedAt);
  // A cheap pre-filter on the stored JSON for ids that need no escaping in any dialect's LIKE; the parsed
  // event is checked below either way.
  if (plainId.test(input.battleId)) query = query.where("payload", "like", `%"${input.battleId}"%`);
  const rows = await query.orderBy("received_at", "desc").limit(50).execute();
  return rows
    .flatMap((row) => readPayload(logger, row.eventId, row.payload))
    .find((event) => event.kind === "battle.created" && event.data.battleId === input.battleId);
}

function readPayload(logger: Logger, eventId: string, payload: string): KnownPlatformEvent[] {
  try {
    const event = readStoredEvent(JSON.parse(payload) as unknown);
    return event.kind === undefined ? [] : [event];
  } catch (error) {
    if (!(error instanceof StoredEventError) && !(error instanceof SyntaxError)) throw error;
    logger.warn({ eventId, reason: error.message }, "skipped an inbox event that cannot be read back");
    return [];
  }
}
