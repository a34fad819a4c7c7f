// The clock leases are taken and compared on (docs/architecture.md, "Growing past one machine"). Instances on
// PostgreSQL run on several hosts whose clocks disagree; were each to write and compare leases with its own,
// a host a few seconds ahead would take rows another still holds. So on PostgreSQL every lease is read
// against the database's own time; on SQLite, one host, the injected clock is the database's clock and tests
// move it by hand.
import { sql, type Expression, type Kysely } from "kysely";
import { readDialect } from "./dialect.js";

/**
 * "Now" for a lease, in epoch milliseconds: PostgreSQL's statement_timestamp() (when the statement began,
 * one value for every row it touches, and stable, so an index can still serve the comparison), else `now`.
 */
export function readLeaseNow(db: Pick<Kysely<unknown>, "getExecutor">, now: number): Expression<number> {
  return readDialect(db) === "postgres"
    ? sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`
    : sql<number>`${now}`;
}

/** "Now" plus `leaseMs`: when a lease taken now ends. */
export function readLeaseEnd(
  db: Pick<Kysely<unknown>, "getExecutor">,
  input: { readonly now: number; readonly leaseMs: number },
): Expression<number> {
  return sql<number>`${readLeaseNow(db, input.now)} + ${input.leaseMs}`;
}
