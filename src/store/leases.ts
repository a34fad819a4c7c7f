// The lease every leased queue table carries (lease_owner, lease_expires_at; docs/architecture.md, "Growing
// past one machine"): taken, checked and awaited on the lease clock (lease-clock.ts), the same way for each.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { LooseDatabase } from "./claim-due-rows.js";
import type { Database } from "./database.js";
import { readLeaseEnd, readLeaseNow } from "./lease-clock.js";

export type LeasedTable =
  | "outbox"
  | "member_tier_roles"
  | "guild_role_settings"
  | "tournament_events"
  | "role_connection_writes"
  | "token_revocations"
  | "webhook_change_leases"
  | "link_refresh_leases";

/** Nobody holds the row: never leased, released, or its lease ended (its worker died). */
export function isLeaseFree(
  db: Kysely<Database>,
  input: { readonly table: LeasedTable; readonly now: number },
): Expression<SqlBool> {
  const expiresAt = sql.ref(`${input.table}.lease_expires_at`);
  return sql<SqlBool>`(${expiresAt} is null or ${expiresAt} <= ${readLeaseNow(db, input.now)})`;
}

/** What taking a lease writes: `owner` holds the row until leaseMs from now. */
export function takeLease(
  db: Kysely<Database>,
  input: { readonly owner: string; readonly now: number; readonly leaseMs: number },
) {
  return { lease_owner: input.owner, lease_expires_at: readLeaseEnd(db, input) };
}

/**
 * Milliseconds from now, on the lease clock, until the first lease another owner holds on a waiting row ends;
 * undefined when none does. A worker sleeps no longer than this, so a dead instance's rows are taken over as
 * soon as their lease ends rather than at the next poll. A lease that ended after the worker's last claim began
 * (`claimedAt`, on the worker's clock), which that claim may have found still held, counts as ending now (0):
 * otherwise a claim slower than what was left of a lease would have the worker sleep its whole interval.
 */
export async function readNextLeaseEnd<Table extends LeasedTable>(
  db: Kysely<Database>,
  input: {
    readonly table: Table;
    /** A row still to be done (pending), whose lease matters. */
    readonly isWaiting: (eb: ExpressionBuilder<Database, Table>) => Expression<SqlBool>;
    readonly owner: string;
    readonly now: number;
    readonly claimedAt?: number | undefined;
  },
): Promise<number | undefined> {
  const isWaiting = input.isWaiting as unknown as (
    eb: ExpressionBuilder<LooseDatabase, string>,
  ) => Expression<SqlBool>;
  const table: string = input.table;
  const leaseNow = readLeaseNow(db, input.now);
  // Measured on the worker's clock, so it holds as a span on the database's clock too.
  const sinceClaimMs = Math.max(0, input.now - (input.claimedAt ?? input.now));
  const row = await (db as unknown as Kysely<LooseDatabase>)
    .selectFrom(table)
    .select(sql<number | null>`min(lease_expires_at) - ${leaseNow}`.as("wait"))
    .where(isWaiting)
    .where("lease_owner", "<>", input.owner)
    .where("lease_expires_at", ">", sql<number>`${leaseNow} - ${sinceClaimMs}`)
    .executeTakeFirst();
  const wait = row?.wait ?? undefined;
  return wait === undefined ? undefined : Math.max(0, wait);
}

/**
 * The tables that hold a lease and nothing else, each with the column naming what it leases: a row is its
 * lease, deleted by its holder when done.
 */
const leaseOnlyKeys = {
  webhook_change_leases: "guild_id",
  link_refresh_leases: "link_key",
} as const satisfies {
  readonly webhook_change_leases: keyof Database["webhook_change_leases"];
  readonly link_refresh_leases: keyof Database["link_refresh_leases"];
};
type LeaseOnlyTable = keyof typeof leaseOnlyKeys;
const leaseOnlyTables = Object.keys(leaseOnlyKeys) as LeaseOnlyTable[];

/**
 * Takes the lease on `key` for `owner` unless another owner holds it (its lease not yet ended on the lease
 * clock); `also` is written with it (when the run began, for a webhook change). True when taken.
 */
export async function takeKeyedLease(
  db: Kysely<Database>,
  input: {
    readonly table: LeaseOnlyTable;
    readonly key: string;
    readonly owner: string;
    readonly now: number;
    readonly leaseMs: number;
    readonly also?: { readonly started_at: number };
  },
): Promise<boolean> {
  const { table, key } = input;
  const lease = { ...takeLease(db, input), ...input.also };
  const result = await (db as unknown as Kysely<LooseDatabase>)
    .insertInto(table)
    .values({ [leaseOnlyKeys[table]]: key, ...lease })
    .onConflict((conflict) =>
      conflict
        .column(leaseOnlyKeys[table])
        .doUpdateSet(lease)
        .where(isLeaseFree(db, { table, now: input.now })),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Gives the lease on `key` back, if `owner` still holds it. */
export async function releaseKeyedLease(
  db: Kysely<Database>,
  input: { readonly table: LeaseOnlyTable; readonly key: string; readonly owner: string },
): Promise<void> {
  await (db as unknown as Kysely<LooseDatabase>)
    .deleteFrom(input.table)
    .where(leaseOnlyKeys[input.table], "=", input.key)
    .where("lease_owner", "=", input.owner)
    .execute();
}

/**
 * Deletes the rows of lease-only tables whose lease ended: those of an instance that stopped while holding
 * one, which nothing else deletes (a purged server's or a member's who never refreshes again). Returns how
 * many went. A run that takes such a lease meanwhile inserts its row again.
 */
export async function pruneEndedLeases(db: Kysely<Database>, now: number): Promise<number> {
  let deleted = 0;
  for (const table of leaseOnlyTables) {
    const result = await db.deleteFrom(table).where(isLeaseFree(db, { table, now })).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
