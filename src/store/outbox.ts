// Posts and edits waiting to reach Discord (docs/architecture.md, "Posting", "Growing past one machine").
// Rows are enqueued in the webhook's transaction; workers take them under a lease (outbox-lease.ts).
import type { Insertable, Kysely, Selectable } from "kysely";
import { compiledInserts } from "./compiled-inserts.js";
import type { Database, OutboxTable } from "./database.js";
import { createOrderedId } from "./ids.js";
import { inboxKeyOf } from "./inbox.js";
import { inSlices } from "./in-slices.js";

export type OutboxAction = Selectable<OutboxTable>["action"];
export type OutboxStatus = Selectable<OutboxTable>["status"];

export interface OutboxEntry {
  /** The Discord message nonce (with enforce_nonce) of a row sent alone, so a repeated post is deduplicated. */
  readonly id: string;
  /** With eventId, the inbox row this was routed from (findInboxEvent). */
  readonly source: string;
  readonly eventId: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly subscriptionId: string | null;
  readonly action: OutboxAction;
  readonly targetMessageId: string | null;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly leaseOwner: string | null;
  readonly leaseExpiresAt: number | null;
  readonly lastError: string | null;
  readonly postedMessageId: string | null;
  readonly createdAt: number;
  readonly deliveredAt: number | null;
  /** The rows one message carries and that message's nonce (outbox-groups.ts); null until grouped. */
  readonly groupId: string | null;
  /** The contest a rating change belongs to, summarised per channel; null for anything else. */
  readonly summaryKey: string | null;
  /**
   * When the row first went to Discord alone under its own id (outbox-groups.ts): it is only ever sent alone
   * again. Absent for a row never sent alone, which is most of them.
   */
  readonly sentAloneAt?: number;
}

export interface OutboxInput {
  /**
   * With eventId, the inbox row this was routed from; it must already be there (same transaction): the
   * worker renders from its payload.
   */
  readonly source: string;
  readonly eventId: string;
  /**
   * The row's id, and so its post's nonce, when the caller chose it (a post tried once already under that
   * nonce, src/store/admin-notices.ts); a new ordered id otherwise.
   */
  readonly id?: string | undefined;
  readonly guildId: string;
  readonly channelId: string;
  readonly subscriptionId: string | null;
  readonly action: OutboxAction;
  readonly targetMessageId: string | null;
  readonly now: number;
  /** The contest this rating change belongs to, so one channel's share of it is posted as one summary. */
  readonly summaryKey?: string | undefined;
  /** When the row is first due; now unless it waits for the rest of its summary. */
  readonly dueAt?: number | undefined;
}

/**
 * Queues one post or edit, due now. Returns its id, or undefined when this event already has that action
 * queued for the channel, from whichever source (several matching subscriptions in one channel, or the
 * operator and the guild's endpoint both delivering the event, make a single post).
 */
export async function enqueueOutbox(db: Kysely<Database>, input: OutboxInput): Promise<string | undefined> {
  const [id] = await enqueueOutboxRows(db, [input]);
  return id;
}

/** Rows one insert carries at most: 11 values each, far inside either database's limit on parameters. */
const rowsPerInsert = 500;

/**
 * Queues every row in as few statements as it can (one for an event's usual handful of channels), each as
 * enqueueOutbox would. Returns the ids of the rows queued, in no particular order.
 */
export async function enqueueOutboxRows(
  db: Kysely<Database>,
  inputs: readonly OutboxInput[],
): Promise<string[]> {
  return (await insertOutboxRows(db, inputs)).map((row) => row.id);
}

/**
 * As enqueueOutboxRows, for the rows of many inbox events at once: how many were queued per inbox row, by its
 * key (inboxKeyOf); an event with none queued is absent.
 */
export async function enqueueOutboxRowsByEvent(
  db: Kysely<Database>,
  inputs: readonly OutboxInput[],
): Promise<Map<string, number>> {
  const queued = new Map<string, number>();
  for (const row of await insertOutboxRows(db, inputs)) {
    const key = inboxKeyOf({ source: row.source, eventId: row.event_id });
    queued.set(key, (queued.get(key) ?? 0) + 1);
  }
  return queued;
}

/**
 * The rows inserted, of those given. The insert returns nothing: on SQLite, rows returned cost about as much
 * as the insert itself (docs/performance.md), and nearly always every row goes in, as
 * the count of rows changed says. Only when some were already queued are the new ids looked up.
 */
async function insertOutboxRows(
  db: Kysely<Database>,
  inputs: readonly OutboxInput[],
): Promise<Pick<Insertable<OutboxTable>, "id" | "source" | "event_id">[]> {
  return inSlices(inputs, rowsPerInsert, async (some) => {
    const rows = some.map(toOutboxRow);
    const { numAffectedRows } = await db.executeQuery(compileOutboxInsert(db, rows));
    if (numAffectedRows === BigInt(rows.length)) return rows;
    // Each id is new, so a row that has one now is a row this insert added.
    const added = await db
      .selectFrom("outbox")
      .select("id")
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    const addedIds = new Set(added.map((row) => row.id));
    return rows.filter((row) => addedIds.has(row.id));
  });
}

const compileOutboxInsert = compiledInserts((db, rows: readonly Insertable<OutboxTable>[]) =>
  db
    .insertInto("outbox")
    .values(rows)
    .onConflict((conflict) => conflict.columns(["event_id", "channel_id", "action"]).doNothing()),
);

function toOutboxRow(input: OutboxInput): Insertable<OutboxTable> {
  return {
    id: input.id ?? createOrderedId(input.now),
    source: input.source,
    event_id: input.eventId,
    guild_id: input.guildId,
    channel_id: input.channelId,
    subscription_id: input.subscriptionId,
    action: input.action,
    target_message_id: input.targetMessageId,
    next_attempt_at: input.dueAt ?? input.now,
    created_at: input.now,
    summary_key: input.summaryKey ?? null,
  };
}

/** Pending rows, in every guild or one: the queue depth for metrics and /setup status. */
export async function countPendingOutbox(db: Kysely<Database>, guildId?: string): Promise<number> {
  let query = db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("status", "=", "pending");
  if (guildId !== undefined) query = query.where("guild_id", "=", guildId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes delivered and dead rows created before `olderThan` (retention, docs/architecture.md, "Webhooks in"); returns how many. */
export async function pruneOutbox(db: Kysely<Database>, olderThan: number): Promise<number> {
  const result = await db
    .deleteFrom("outbox")
    .where("status", "in", ["delivered", "dead"])
    .where("created_at", "<", olderThan)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findOutboxEntry(db: Kysely<Database>, id: string): Promise<OutboxEntry | undefined> {
  const row = await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : toOutboxEntry(row);
}

export function toOutboxEntry(row: Selectable<OutboxTable>): OutboxEntry {
  return {
    id: row.id,
    source: row.source,
    eventId: row.event_id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    subscriptionId: row.subscription_id,
    action: row.action,
    targetMessageId: row.target_message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    lastError: row.last_error,
    postedMessageId: row.posted_message_id,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    groupId: row.group_id,
    summaryKey: row.summary_key,
    ...(row.sent_alone_at === null ? {} : { sentAloneAt: row.sent_alone_at }),
  };
}
