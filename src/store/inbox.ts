// Every verified webhook delivery, keyed by (source, event id): the platform retries until +40m30s, so a
// repeat is recognised and acknowledged without a second announcement (docs/architecture.md, "Webhooks in"
// step 3). The source is part of the key because a guild admin can sign any id with their endpoint's secret:
// keyed by id alone, a forged early copy would make the operator's real one a "duplicate" for every guild.
import type { Insertable, Kysely, Selectable } from "kysely";
import { compiledInserts } from "./compiled-inserts.js";
import type { Database, InboxEventsTable } from "./database.js";
import { inSlices } from "./in-slices.js";

export type InboxStatus = InboxEventsTable["status"];

/** "operator" for the operator webhook, else the webhook endpoint id. */
export const operatorSource = "operator";

export interface InboxEvent {
  readonly eventId: string;
  readonly kind: string;
  readonly source: string;
  readonly status: InboxStatus;
  /** The normalised event, as stored; for a dead row, what was kept of its body (webhook-tables.ts). */
  readonly payload: unknown;
  readonly error: string | null;
  readonly receivedAt: number;
}

export interface InboxEventInput {
  readonly eventId: string;
  readonly kind: string;
  readonly source: string;
  readonly status: InboxStatus;
  readonly payload: unknown;
  /**
   * The payload as JSON text, when the caller has it already (a stored webhook's event, made into text before
   * it crossed into the writer's thread): stored instead of the payload made into text again.
   */
  readonly payloadText?: string;
  readonly error?: string;
  readonly receivedAt: number;
}

/** Inserts the event; false when this source already delivered that event id (nothing is changed then). */
export async function insertInboxEvent(db: Kysely<Database>, input: InboxEventInput): Promise<boolean> {
  return (await insertInboxEvents(db, [input])).size > 0;
}

/** Rows one insert carries at most: 7 values each, far inside either database's limit on parameters. */
const rowsPerInsert = 500;

/**
 * Inserts each event as insertInboxEvent does, in as few statements as it can; returns the keys
 * (inboxKeyOf) of those inserted. Of two inputs with one key, the first is the one inserted.
 */
export async function insertInboxEvents(
  db: Kysely<Database>,
  inputs: readonly InboxEventInput[],
): Promise<Set<string>> {
  const stored = await inSlices(inputs, rowsPerInsert, async (some) => {
    const rows = some.map((input) => ({
      event_id: input.eventId,
      kind: input.kind,
      source: input.source,
      status: input.status,
      payload: input.payloadText ?? JSON.stringify(input.payload),
      error: input.error ?? null,
      received_at: input.receivedAt,
    }));
    return (await db.executeQuery(compileInboxInsert(db, rows))).rows;
  });
  return new Set(stored.map((row) => inboxKeyOf({ source: row.source, eventId: row.event_id })));
}

const compileInboxInsert = compiledInserts((db, rows: readonly Insertable<InboxEventsTable>[]) =>
  db
    .insertInto("inbox_events")
    .values(rows)
    .onConflict((conflict) => conflict.columns(["source", "event_id"]).doNothing())
    .returning(["source", "event_id"]),
);

export interface InboxKey {
  readonly source: string;
  readonly eventId: string;
}

/** An inbox row's key as one string, for sets and maps. */
export function inboxKeyOf(key: InboxKey): string {
  return `${key.source}\n${key.eventId}`;
}

export async function findInboxEvent(db: Kysely<Database>, key: InboxKey): Promise<InboxEvent | undefined> {
  const row = await db
    .selectFrom("inbox_events")
    .selectAll()
    .where("source", "=", key.source)
    .where("event_id", "=", key.eventId)
    .executeTakeFirst();
  return row === undefined ? undefined : toInboxEvent(row);
}

/** The latest events, newest first, for /setup status; optionally from one source. */
export async function listRecentInboxEvents(
  db: Kysely<Database>,
  input: { readonly limit: number; readonly source?: string },
): Promise<InboxEvent[]> {
  let query = db
    .selectFrom("inbox_events")
    .selectAll()
    .orderBy("received_at", "desc")
    .orderBy("event_id", "desc")
    .orderBy("source", "desc")
    .limit(input.limit);
  if (input.source !== undefined) query = query.where("source", "=", input.source);
  const rows = await query.execute();
  return rows.map(toInboxEvent);
}

/**
 * Forgets events received before `olderThan` (keep at least 7 days, docs/architecture.md, "Webhooks in"),
 * except those an outbox row still refers to; returns how many were removed.
 */
export async function pruneInbox(db: Kysely<Database>, olderThan: number): Promise<number> {
  const result = await db
    .deleteFrom("inbox_events")
    .where("received_at", "<", olderThan)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("outbox")
            .select("outbox.id")
            .whereRef("outbox.source", "=", "inbox_events.source")
            .whereRef("outbox.event_id", "=", "inbox_events.event_id"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

function toInboxEvent(row: Selectable<InboxEventsTable>): InboxEvent {
  return {
    eventId: row.event_id,
    kind: row.kind,
    source: row.source,
    status: row.status,
    payload: JSON.parse(row.payload) as unknown,
    error: row.error,
    receivedAt: row.received_at,
  };
}
