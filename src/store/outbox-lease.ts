// Workers take outbox rows under a lease (docs/architecture.md, "Growing past one machine"): each row is
// handled by one worker at a time, whichever instance received the webhook, and a row whose worker died is
// taken over when its lease ends. Leases are on the database's clock (lease-clock.ts); when a row is due is on
// the instance's, since a clock ahead or behind only moves a retry a little.
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";
import { readLeaseEnd, readLeaseNow } from "./lease-clock.js";
import { toOutboxEntry, type OutboxEntry } from "./outbox.js";

/** Longest error text kept; the caller must already have removed anything secret. */
const maxErrorLength = 1000;

function isClaimable(db: Kysely<Database>, now: number) {
  return (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.and([
      eb("status", "=", "pending"),
      eb("next_attempt_at", "<=", now),
      eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<=", readLeaseNow(db, now))]),
    ]);
}

/**
 * Leases up to `limit` due rows to `owner` for leaseMs, oldest first, in one statement. On
 * PostgreSQL the candidates are locked with FOR UPDATE SKIP LOCKED, so concurrent workers take different rows
 * without waiting; SQLite runs one writer at a time. A row whose lease expired (its worker died) is taken over.
 * The candidates are a MATERIALIZED CTE: as an `IN (subquery)` PostgreSQL may run the subquery again
 * mid-update, and with SKIP LOCKED that second run returns other rows, claiming more than `limit`.
 */
export async function claimDueOutbox(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly leaseMs: number; readonly limit: number },
): Promise<OutboxEntry[]> {
  const lockCandidates = readDialect(db) === "postgres";
  const rows = await db
    .with(
      (cte) => cte("due").materialized(),
      (qb) => {
        const candidates = qb
          .selectFrom("outbox")
          .select("id")
          .where(isClaimable(db, input.now))
          // A guild the bot was removed from gets nothing: its pending rows were dropped with the removal
          // (guild-removals.ts), and this keeps out any a webhook enqueued in the same instant.
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom("guild_removals")
                  .select("guild_removals.guild_id")
                  .whereRef("guild_removals.guild_id", "=", "outbox.guild_id"),
              ),
            ),
          )
          .orderBy("next_attempt_at")
          .orderBy("created_at")
          .limit(input.limit);
        return lockCandidates ? candidates.forUpdate().skipLocked() : candidates;
      },
    )
    .updateTable("outbox")
    .set({ lease_owner: input.owner, lease_expires_at: readLeaseEnd(db, input) })
    .where("id", "in", (eb) => eb.selectFrom("due").select("due.id"))
    .where(isClaimable(db, input.now))
    .returningAll()
    .execute();
  return rows
    .map(toOutboxEntry)
    .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.createdAt - b.createdAt);
}

/**
 * Milliseconds from now, on the lease clock, until the first lease another owner holds on a pending row ends;
 * undefined when none does. A worker sleeps no longer than this, so a dead instance's rows are taken over as
 * soon as their lease ends rather than at the next poll.
 */
export async function readNextOutboxLeaseEnd(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number },
): Promise<number | undefined> {
  const leaseNow = readLeaseNow(db, input.now);
  const row = await db
    .selectFrom("outbox")
    .select(sql<number | null>`min(lease_expires_at) - ${leaseNow}`.as("wait"))
    .where("status", "=", "pending")
    .where("lease_owner", "<>", input.owner)
    .where("lease_expires_at", ">", leaseNow)
    .executeTakeFirst();
  return row?.wait ?? undefined;
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
 * docs/architecture.md, "Webhooks in"). False when `owner` no longer holds the lease (another worker took the
 * row over).
 */
export async function rescheduleOutbox(
  db: Kysely<Database>,
  input: {
    readonly id: string;
    readonly owner: string;
    readonly nextAttemptAt: number;
    readonly error: string;
    readonly countAttempt?: boolean;
  },
): Promise<boolean> {
  const result = await updateLeasedRow(db, input)
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
