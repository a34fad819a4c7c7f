// The worker's side of the role connection queue (docs/architecture.md, "Linked Roles"): due rows claimed under a
// lease (claim-due-rows.ts), finished once their version is written, or given back until a later attempt; and a
// user's row as it stands (findRoleConnectionWrite). The queueing side is role-connection-writes.ts.
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import { claimDueRows } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { isLeaseFree, readNextLeaseEnd, takeLease } from "./leases.js";
import type { RoleConnectionWritesTable } from "./linking-tables.js";

export interface RoleConnectionWrite {
  readonly userId: string;
  readonly version: number;
  readonly cause: string;
  readonly queuedAt: number;
  readonly nextAttemptAt: number;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly leaseOwner: string | null;
}

const maxErrorLength = 1000;

function toRoleConnectionWrite(row: Selectable<RoleConnectionWritesTable>): RoleConnectionWrite {
  return {
    userId: row.user_id,
    version: row.version,
    cause: row.cause,
    queuedAt: row.queued_at,
    nextAttemptAt: row.next_attempt_at,
    attempts: row.attempts,
    lastError: row.last_error,
    leaseOwner: row.lease_owner,
  };
}

function isClaimable(db: Kysely<Database>, now: number) {
  return (eb: ExpressionBuilder<Database, "role_connection_writes">) =>
    eb.and([eb("next_attempt_at", "<=", now), isLeaseFree(db, { table: "role_connection_writes", now })]);
}

/** Leases up to `limit` due rows to `owner`, oldest first, in one statement (claim-due-rows.ts). */
export async function claimDueRoleConnectionWrites(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly leaseMs: number; readonly limit: number },
): Promise<RoleConnectionWrite[]> {
  const rows = await claimDueRows(db, {
    table: "role_connection_writes",
    key: ["user_id"],
    isClaimable: isClaimable(db, input.now),
    orderBy: ["next_attempt_at", "user_id"],
    limit: input.limit,
    set: takeLease(db, input),
  });
  return rows.map(toRoleConnectionWrite);
}

/** Milliseconds until the first lease another owner holds ends (leases.ts); every row is still to be done. */
export async function readNextRoleConnectionLeaseEnd(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly claimedAt?: number | undefined },
): Promise<number | undefined> {
  return readNextLeaseEnd(db, {
    ...input,
    table: "role_connection_writes",
    isWaiting: (eb) => eb("version", ">", 0),
  });
}

interface Lease {
  readonly userId: string;
  readonly owner: string;
}

function updateLeasedRow(db: Kysely<Database>, lease: Lease) {
  return db
    .updateTable("role_connection_writes")
    .where("user_id", "=", lease.userId)
    .where("lease_owner", "=", lease.owner);
}

/**
 * The version claimed is done (written, cleared, or given up): the row goes. When a newer change came
 * meanwhile the row stays, its lease given back, due for that change with none of the failures before: its
 * attempts are its own. Returns whether it went.
 */
export async function finishRoleConnectionWrite(
  db: Kysely<Database>,
  input: Lease & { readonly version: number },
): Promise<boolean> {
  const done = await db
    .deleteFrom("role_connection_writes")
    .where("user_id", "=", input.userId)
    .where("lease_owner", "=", input.owner)
    .where("version", "=", input.version)
    .executeTakeFirst();
  if (done.numDeletedRows > 0n) return true;
  await updateLeasedRow(db, input)
    .set({ attempts: 0, last_error: null, lease_owner: null, lease_expires_at: null })
    .execute();
  return false;
}

/** Gives the row back until `nextAttemptAt`; `countAttempt: false` for a wait that is not a failure. */
export async function rescheduleRoleConnectionWrite(
  db: Kysely<Database>,
  input: Lease & {
    readonly nextAttemptAt: number;
    readonly error: string;
    readonly countAttempt: boolean;
    readonly now: number;
  },
): Promise<boolean> {
  const result = await updateLeasedRow(db, input)
    .set((eb) => ({
      next_attempt_at: input.nextAttemptAt,
      last_error: input.error.slice(0, maxErrorLength),
      attempts: input.countAttempt ? eb("attempts", "+", 1) : eb.ref("attempts"),
      lease_owner: null,
      lease_expires_at: null,
      updated_at: input.now,
    }))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findRoleConnectionWrite(
  db: Kysely<Database>,
  userId: string,
): Promise<RoleConnectionWrite | undefined> {
  const row = await db
    .selectFrom("role_connection_writes")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toRoleConnectionWrite(row);
}
