// Rows that go out in one message (docs/architecture.md, "Posting"): a worker records the group on the rows
// before it sends, so that whoever sends it again after a crash sends the same rows under the same nonce.
// Leases are written and compared on the lease clock (lease-clock.ts): the database's on PostgreSQL.
import type { Expression, ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";
import { readLeaseEnd, readLeaseNow } from "./lease-clock.js";
import { toOutboxEntry, type OutboxEntry } from "./outbox.js";
import type { BatchedWrite } from "./write-batcher.js";

/** A pending row `owner` holds, or may take because nobody holds it any more. */
function isHeldOrFree(owner: string, now: Expression<number>) {
  return (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.and([
      eb("status", "=", "pending"),
      eb.or([
        eb("lease_owner", "=", owner),
        eb("lease_owner", "is", null),
        eb("lease_expires_at", "is", null),
        eb("lease_expires_at", "<=", now),
      ]),
    ]);
}

/** Rows `ids` of group `groupId`, leased to `owner` for `leaseMs` from `now`. */
export interface GroupLease {
  readonly groupId: string;
  readonly ids: readonly string[];
  readonly owner: string;
  readonly now: number;
  readonly leaseMs: number;
}

/**
 * Records `groupId` on those of `ids` still pending, not yet grouped nor sent alone, and held by `owner` or
 * free, and leases them all to `owner` for `leaseMs`, so they also expire together. Returns the rows
 * recorded, in `ids`' order: only these may go into the message.
 */
export async function recordOutboxGroup(db: Kysely<Database>, input: GroupLease): Promise<OutboxEntry[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .updateTable("outbox")
    .set({ group_id: input.groupId, lease_owner: input.owner, lease_expires_at: readLeaseEnd(db, input) })
    .where("id", "in", [...input.ids])
    .where("group_id", "is", null)
    .where("sent_alone_at", "is", null)
    .where(isHeldOrFree(input.owner, readLeaseNow(db, input.now)))
    .returningAll()
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toOutboxEntry(row)]));
  return input.ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Takes the free rows of a recorded group for `owner` and returns every pending row of the group, oldest
 * first. A row another worker holds comes back with that worker's lease: the caller must not send the group
 * then, as the message would lack that row. On PostgreSQL a row another claim has locked is skipped, not
 * waited for, so two workers never wait on each other.
 */
export async function takeOutboxGroup(
  db: Kysely<Database>,
  input: { readonly groupId: string; readonly owner: string; readonly now: number; readonly leaseMs: number },
): Promise<OutboxEntry[]> {
  const lockFree = readDialect(db) === "postgres";
  return db.transaction().execute(async (trx) => {
    const free = trx
      .selectFrom("outbox")
      .select("id")
      .where("group_id", "=", input.groupId)
      .where(isHeldOrFree(input.owner, readLeaseNow(trx, input.now)));
    const freeIds = (await (lockFree ? free.forUpdate().skipLocked() : free).execute()).map((row) => row.id);
    if (freeIds.length > 0) {
      await trx
        .updateTable("outbox")
        .set({ lease_owner: input.owner, lease_expires_at: readLeaseEnd(trx, input) })
        .where("id", "in", freeIds)
        .execute();
    }
    const rows = await trx
      .selectFrom("outbox")
      .selectAll()
      .where("group_id", "=", input.groupId)
      .where("status", "=", "pending")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map(toOutboxEntry);
  });
}

/**
 * Leases a group's rows to `owner` again for `leaseMs` while it sends the group's messages, each row only while
 * it is still pending in that group and held by `owner` or free; returns the ids leased again. Not SKIP LOCKED
 * (takeOutboxGroup): on PostgreSQL a row another worker's transaction is taking is waited for, then left out
 * if that worker took it, so a renewal never counts a row it did not renew.
 */
export async function renewOutboxGroupLease(db: Kysely<Database>, input: GroupLease): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .updateTable("outbox")
    .set({ lease_owner: input.owner, lease_expires_at: readLeaseEnd(db, input) })
    .where("id", "in", [...input.ids])
    .where("group_id", "=", input.groupId)
    .where(isHeldOrFree(input.owner, readLeaseNow(db, input.now)))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The ids of the pending posts of one contest waiting for one channel, neither grouped nor sent alone, that
 * `owner` holds or may take, due or not (a summary gathers what arrived within its window), oldest first, at
 * most `limit`.
 */
export async function listSummaryRows(
  db: Kysely<Database>,
  input: {
    readonly channelId: string;
    readonly summaryKey: string;
    /** A summary goes in the channel, or in one thread (its rows' target). */
    readonly action: "post" | "thread-post";
    readonly targetMessageId: string | null;
    readonly owner: string;
    readonly now: number;
    readonly limit: number;
  },
): Promise<string[]> {
  const rows = await db
    .selectFrom("outbox")
    .select("id")
    .where("channel_id", "=", input.channelId)
    .where("summary_key", "=", input.summaryKey)
    .where("action", "=", input.action)
    .where((eb) =>
      input.targetMessageId === null
        ? eb("target_message_id", "is", null)
        : eb("target_message_id", "=", input.targetMessageId),
    )
    .where("group_id", "is", null)
    .where("sent_alone_at", "is", null)
    .where(isHeldOrFree(input.owner, readLeaseNow(db, input.now)))
    .orderBy("created_at")
    .orderBy("id")
    .limit(input.limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Notes, before a row goes to Discord alone under its own id as the nonce, that it does: should the answer be
 * lost (a crash, a failed commit, a dropped connection), the row is sent alone again under that nonce, and
 * Discord returns the message it made. Joined with other rows it would take their group's nonce, and be
 * posted twice. False when the row is no longer pending, or another worker took it over (its lease ended
 * while the caller rendered it) or grouped it with rows queued since: the caller must then not send it. A
 * pending row whose lease ended with nobody taking it is the caller's again for `leaseMs`.
 */
export async function markOutboxSentAlone(
  db: Kysely<Database>,
  input: { readonly id: string; readonly owner: string; readonly now: number; readonly leaseMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set((eb) => ({
      sent_alone_at: eb.fn.coalesce("sent_alone_at", eb.val(input.now)),
      lease_owner: input.owner,
      lease_expires_at: readLeaseEnd(db, input),
    }))
    .where("id", "=", input.id)
    .where("group_id", "is", null)
    .where(isHeldOrFree(input.owner, readLeaseNow(db, input.now)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Breaks up a group Discord refused as a whole (a request it refused created no message): each row becomes a
 * group of its own, sent alone with its own id as the nonce, released and due at `nextAttemptAt`, with no
 * attempt counted. Only rows `owner` holds. Returns how many.
 */
export async function dissolveOutboxGroup(
  db: Kysely<Database>,
  input: {
    readonly ids: readonly string[];
    readonly owner: string;
    readonly nextAttemptAt: number;
    readonly error: string;
  },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const result = await db
    .updateTable("outbox")
    .set((eb) => ({
      group_id: eb.ref("id"),
      next_attempt_at: input.nextAttemptAt,
      last_error: input.error.slice(0, 1000),
      lease_owner: null,
      lease_expires_at: null,
    }))
    .where("id", "in", [...input.ids])
    .where("status", "=", "pending")
    .where("lease_owner", "=", input.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves those of `ids` still pending in a group `owner` holds to the group `groupId`: the rows of a summary
 * whose parts Discord did not all make, so that, sent again, they never take the nonces of the parts it did
 * make (those name other rows). Returns how many.
 */
export async function regroupOutboxRows(
  db: Kysely<Database>,
  input: { readonly groupId: string; readonly ids: readonly string[]; readonly owner: string },
): Promise<number> {
  if (input.ids.length === 0) return 0;
  const result = await db
    .updateTable("outbox")
    .set({ group_id: input.groupId })
    .where("id", "in", [...input.ids])
    .where("status", "=", "pending")
    .where("lease_owner", "=", input.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** markOutboxSentAlone as a write of the store's batcher: lanes posting alone at once share one commit. */
export const markOutboxSentAloneWrite: BatchedWrite<Parameters<typeof markOutboxSentAlone>[1], boolean> = {
  name: "mark an outbox row sent alone",
  run: markOutboxSentAlone,
};
