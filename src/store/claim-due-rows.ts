// How a worker takes due rows from a queue table (docs/architecture.md, "Background workers", "Growing past
// one machine"), written once for every queue: the outbox's posts, members' role changes, servers' role
// making, due reminders, reminder reads, events' own reads, tournaments' scheduled events, Linked Roles
// connection writes and tokens to revoke.
// Picking and taking is one statement, so two instances never take the same row.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  type UpdateObject,
} from "kysely";
import type { Database } from "./database.js";
import { readDialect } from "./dialect.js";

/** The queue tables. */
export type ClaimTable =
  | "outbox"
  | "member_tier_roles"
  | "guild_role_settings"
  | "tournament_reminders"
  | "reminder_settings"
  | "tournament_event_settings"
  | "tournament_events"
  | "role_connection_writes"
  | "token_revocations";

type Column<Table extends ClaimTable> = keyof Database[Table] & string;

export interface DueRowsClaim<Table extends ClaimTable> {
  readonly table: Table;
  /** The columns that name a row: its primary key. */
  readonly key: readonly [Column<Table>, ...Column<Table>[]];
  /** Whether a row may be taken now; checked as the rows are picked and again as they are taken. */
  readonly isClaimable: (eb: ExpressionBuilder<Database, Table>) => Expression<SqlBool>;
  /** Which due rows come first; they are returned in this order too. */
  readonly orderBy: readonly Column<Table>[];
  readonly limit: number;
  /** What taking a row writes: a lease, or when it is next due. */
  readonly set: UpdateObject<Database, Table>;
}

/** Kysely's types cannot follow a table named by a parameter; DueRowsClaim is where the columns are checked. */
type AnyTable = Record<string, unknown>;
export type LooseDatabase = Record<string, AnyTable>;

/**
 * Takes up to `limit` claimable rows and returns them as written, in `orderBy` order. On PostgreSQL the
 * candidates are locked with FOR UPDATE SKIP LOCKED, so concurrent workers take different rows without
 * waiting; SQLite runs one writer at a time. The candidates are a MATERIALIZED CTE: as an `IN (subquery)`
 * PostgreSQL may run the subquery again mid-update, and with SKIP LOCKED that second run returns other rows,
 * taking more than `limit`.
 */
export async function claimDueRows<Table extends ClaimTable>(
  db: Kysely<Database>,
  claim: DueRowsClaim<Table>,
): Promise<Selectable<Database[Table]>[]> {
  const loose = db as unknown as Kysely<LooseDatabase>;
  const isClaimable = claim.isClaimable as unknown as (
    eb: ExpressionBuilder<LooseDatabase, string>,
  ) => Expression<SqlBool>;
  const table: string = claim.table;
  const key: readonly string[] = claim.key;
  const lockCandidates = readDialect(db) === "postgres";
  const rowKey = sql.join(key.map((column) => sql.ref(`${table}.${column}`)));
  const dueKey = sql.join(key.map((column) => sql.ref(`due.${column}`)));
  const rows = await loose
    .with(
      (cte) => cte("due").materialized(),
      (qb) => {
        let candidates = qb
          .selectFrom(table)
          .select([...key])
          .where(isClaimable);
        for (const column of claim.orderBy) candidates = candidates.orderBy(column);
        candidates = candidates.limit(claim.limit);
        return lockCandidates ? candidates.forUpdate().skipLocked() : candidates;
      },
    )
    .updateTable(table)
    .set(claim.set as UpdateObject<LooseDatabase, string>)
    // A row value, so a key of two columns is matched as one of one.
    .where(sql<SqlBool>`(${rowKey}) in (select ${dueKey} from due)`)
    .where(isClaimable)
    .returningAll()
    .execute();
  return (rows as Selectable<Database[Table]>[]).sort(compareBy(claim.orderBy));
}

/** RETURNING keeps no order: sorts by the claim's columns. */
function compareBy(columns: readonly string[]) {
  return (a: object, b: object): number => {
    for (const column of columns) {
      const left = (a as AnyTable)[column];
      const right = (b as AnyTable)[column];
      if (typeof left === "number" && typeof right === "number" && left !== right) return left - right;
      if (typeof left === "string" && typeof right === "string" && left !== right)
        return left < right ? -1 : 1;
    }
    return 0;
  };
}
