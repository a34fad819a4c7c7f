import { PostgresAdapter, type Kysely } from "kysely";

export type StoreDialect = "sqlite" | "postgres";

/**
 * The dialect behind a Kysely instance or transaction, for the few statements that differ (the outbox claim's
 * SKIP LOCKED, the migration table's schema). Reads the executor's adapter, so repositories keep taking `db`.
 */
export function readDialect(db: Pick<Kysely<unknown>, "getExecutor">): StoreDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
