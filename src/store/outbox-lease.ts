// Workers take outbox rows under a lease (docs/architecture.md, "Growing past one machine"): each row is
// handled by one worker at a time, whichever instance received the webhook, and a row whose worker died is
// taken over when its lease ends. Leases are on the database's clock (lease-clock.ts); when a row is due is on
// the instance's, since a clock ahead or behind only moves a retry a little.
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";
import { readLeaseNow } from "./lease-clock.js";
import { isLeaseFree, readNextLeaseEnd, takeLease } from "./leases.js";
import { toOutboxEntry, type OutboxEntry } from "./outbox.js";
import type { BatchedWrite } from "./write-batcher.js";

/** Longest error text kept; the caller must already have removed anything secret. */
const maxErrorLength = 1000;

export interface OutboxClaim {
  readonly owner: string;
  readonly now: number;
  readonly leaseMs: number;
  readonly limit: number;
  /** Channels whose rows the worker leaves where they are: it has as many of theirs as it queues. */
  readonly skipChannels?: readonly string[];
}

/**
 * Pending, due, not leased (or its worker died), in a guild that has not removed the bot, and in a channel no
 * other worker is posting to, nor one the claim skips.
 */
function isClaimable(db: Kysely<Database>, claim: OutboxClaim) {
  const skipChannels = claim.skipChannels ?? [];
  return (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.and([
      eb("status", "=", "pending"),
      eb("next_attempt_at", "<=", claim.now),
      isLeaseFree(db, { table: "outbox", now: claim.now }),
      // One worker at a time posts a channel, in its lanes' order, so a row never goes out beside an older
      // one of its channel that another worker is sending (docs/architecture.md, "Posting").
      eb("channel_id", "not in", selectChannelsHeldByOthers(db, claim)),
      ...(skipChannels.length === 0 ? [] : [eb("channel_id", "not in", [...skipChannels])]),
      // A guild the bot was removed from gets nothing: its pending rows were dropped with the removal
      // (guild-removals.ts), and this keeps out any a webhook enqueued in the same instant.
      eb.not(
        eb.exists(
          eb
            .selectFrom("guild_removals")
            .select("guild_removals.guild_id")
            .whereRef("guild_removals.guild_id", "=", "outbox.guild_id"),
        ),
      ),
    ]);
}

/**
 * The channels with a pending row another worker holds. A lease that has ended holds nothing, so a channel
 * waits for a live worker's rows at most until their lease ends.
 */
function selectChannelsHeldByOthers(db: Kysely<Database>, claim: OutboxClaim) {
  // Leased rows only, as outbox_leased_index holds them: in flight, a few however long the backlog. A leased
  // row is a pending one (every other state gives its lease up), so its status is not asked for: asked,
  // SQLite would read every pending row by outbox_due_index instead.
  return db
    .selectFrom("outbox as held")
    .select("held.channel_id")
    .where("held.lease_owner", "is not", null)
    .where("held.lease_owner", "<>", claim.owner)
    .where("held.lease_expires_at", ">", readLeaseNow(db, claim.now));
}

/**
 * Leases up to `limit` due rows to `owner` for leaseMs, oldest first, in one statement (claim-due-rows.ts),
 * none of a channel another worker holds rows of; on PostgreSQL the claims take turns.
 */
export async function claimDueOutbox(db: Kysely<Database>, claim: OutboxClaim): Promise<OutboxEntry[]> {
  const rows = await takingTurns(db, (turn) =>
    claimDueRows(turn, {
      table: "outbox",
      key: ["id"],
      isClaimable: isClaimable(turn, claim),
      orderBy: ["next_attempt_at", "created_at"],
      limit: claim.limit,
      set: takeLease(turn, claim),
    }),
  );
  return rows.map(toOutboxEntry);
}

/** Names the outbox's claims among PostgreSQL's advisory locks; any fixed number would do. */
export const outboxClaimLock = 7_316_001;

/**
 * Runs one claim at a time on PostgreSQL. Two claims at once would each see the channel free, and one could
 * take a channel's later rows while the other takes its earlier ones. Holding the lock before the claim's
 * statement begins, each claim sees the leases the one before it took; the lock ends with the transaction.
 * SQLite runs one writer at a time already.
 */
async function takingTurns<Result>(
  db: Kysely<Database>,
  claim: (db: Kysely<Database>) => Promise<Result>,
): Promise<Result> {
  if (readDialect(db) !== "postgres") return claim(db);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${outboxClaimLock})`.execute(trx);
    return claim(trx);
  });
}

/** Milliseconds until the first lease another owner holds on a pending row ends (leases.ts). */
export async function readNextOutboxLeaseEnd(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly claimedAt?: number | undefined },
): Promise<number | undefined> {
  return readNextLeaseEnd(db, { ...input, table: "outbox", isWaiting: (eb) => eb("status", "=", "pending") });
}

const releasedLease = { lease_owner: null, lease_expires_at: null } as const;

/** An update of a pending row that applies only while `owner` still holds its lease. */
function updateLeasedRow(db: Kysely<Database>, lease: { readonly id: string; readonly owner: string }) {
  return db
    .updateTable("outbox")
    .where("id", "=", lease.id)
    .where("status", "=", "pending")
    .where("lease_owner", "=", lease.owner);
}

/** Records the post; a late success from a worker whose lease ran out still counts. */
export async function markOutboxDelivered(
  db: Kysely<Database>,
  input: { readonly id: string; readonly postedMessageId: string | null; readonly now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({
      status: "delivered",
      posted_message_id: input.postedMessageId,
      delivered_at: input.now,
      ...releasedLease,
    })
    .where("id", "=", input.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Releases the row until `nextAttemptAt`. `countAttempt: false` is for waits that are not failures (a 429,
 * docs/architecture.md, "Posting"). With `groupId` (null for none), only while the row is still in that
 * group: a worker handing back a row as it claimed it must not undo a group its own channel turn recorded on
 * the row since, which holds the row under the same owner. False when `owner` no longer holds the lease
 * (another worker took the row over) or the row is in another group.
 */
export async function rescheduleOutbox(
  db: Kysely<Database>,
  input: {
    readonly id: string;
    readonly owner: string;
    readonly nextAttemptAt: number;
    readonly error: string;
    readonly countAttempt?: boolean;
    readonly groupId?: string | null;
  },
): Promise<boolean> {
  let update = updateLeasedRow(db, input);
  if (input.groupId !== undefined) {
    update =
      input.groupId === null
        ? update.where("group_id", "is", null)
        : update.where("group_id", "=", input.groupId);
  }
  const result = await update
    .set((eb) => ({
      next_attempt_at: input.nextAttemptAt,
      last_error: input.error.slice(0, maxErrorLength),
      attempts: input.countAttempt === false ? eb.ref("attempts") : eb("attempts", "+", 1),
      ...releasedLease,
    }))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives up on the row (retries exhausted, or an error a retry cannot fix). False without the lease. */
export async function markOutboxDead(
  db: Kysely<Database>,
  input: { readonly id: string; readonly owner: string; readonly error: string },
): Promise<boolean> {
  const result = await updateLeasedRow(db, input)
    .set((eb) => ({
      status: "dead",
      last_error: input.error.slice(0, maxErrorLength),
      attempts: eb("attempts", "+", 1),
      ...releasedLease,
    }))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives up on every pending row of a channel Discord says is gone (404 Unknown Channel). */
export async function markChannelOutboxDead(
  db: Kysely<Database>,
  input: { readonly channelId: string; readonly error: string },
): Promise<number> {
  const result = await db
    .updateTable("outbox")
    .set({
      status: "dead",
      last_error: input.error.slice(0, maxErrorLength),
      ...releasedLease,
    })
    .where("channel_id", "=", input.channelId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** markOutboxDelivered as a write of the store's batcher: rows delivered together share one commit. */
export const markOutboxDeliveredWrite: BatchedWrite<Parameters<typeof markOutboxDelivered>[1], boolean> = {
  name: "mark an outbox row delivered",
  run: markOutboxDelivered,
};
