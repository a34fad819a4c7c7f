// Brings the schema up to date with Kysely's Migrator (docs/architecture.md, "Growing past one machine": the
// same migrations on both dialects). Several processes may start at once. On PostgreSQL the Migrator
// serialises them with an advisory lock and runs each migration in a transaction. On SQLite it takes no lock
// at all (its adapter assumes one connection), so two processes would both see a fresh file and both run the
// first migration; here the whole run is one BEGIN IMMEDIATE transaction instead: the second process waits
// (busy_timeout) and then finds nothing to do.
import { Migrator, sql, type Kysely, type MigrationResultSet } from "kysely";
import { migrations } from "../../migrations/index.js";
import type { Logger } from "../logger.js";
import { readDialect } from "./dialect.js";

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

/** Applies every pending migration and returns the names applied (none when already up to date). */
export async function migrateToLatest<DB>(db: Kysely<DB>, logger?: Logger): Promise<string[]> {
  const tableSchema = await migrationTableSchema(db);
  const migratorOn = (connection: Kysely<DB>): Migrator =>
    new Migrator({
      db: connection,
      provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
      ...tableSchema,
    });
  const { error, results = [] } =
    readDialect(db) === "sqlite"
      ? await holdingSqliteWriteLock(db, (connection) => migratorOn(connection).migrateToLatest())
      : await retryingConcurrentDrops(() => migratorOn(db).migrateToLatest());
  const failed = results.find((result) => result.status === "Error");
  if (error !== undefined || failed !== undefined) {
    const name = failed === undefined ? "" : ` in "${failed.migrationName}"`;
    const reason = error instanceof Error ? `: ${error.message}` : "";
    throw new MigrationError(`Database migration failed${name}${reason}`, { cause: error });
  }
  const applied = results.map((result) => result.migrationName);
  logger?.info({ applied }, applied.length === 0 ? "Database schema is up to date" : "Database migrated");
  return applied;
}

/**
 * Before it migrates, Kysely's migrator lists the tables of every schema in the database to find its own, and
 * PostgreSQL fails that listing when a table or schema it reads is dropped meanwhile (42P01, 42703, 3F000): another
 * schema's DDL, another application's or a test's. Nothing was migrated then, so the run is tried again. For
 * any run of a PostgreSQL migrator (a test's migrateTo too).
 */
export async function retryingConcurrentDrops(
  run: () => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await run();
    const nothingRan = (outcome.results ?? []).length === 0;
    if (!(nothingRan && attempt < 5 && isConcurrentDrop(outcome.error))) return outcome;
  }
}

function isConcurrentDrop(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "42P01" || code === "42703" || code === "3F000";
}

/**
 * Runs the migrator inside BEGIN IMMEDIATE, which takes SQLite's write lock up front (a deferred transaction
 * that reads first and writes later could fail with SQLITE_BUSY instead of waiting). The migrator is given one
 * connection, held for the whole run, so its statements run inside this transaction; a failed run is rolled
 * back whole.
 */
async function holdingSqliteWriteLock<DB, Result extends { error?: unknown }>(
  db: Kysely<DB>,
  run: (connection: Kysely<DB>) => Promise<Result>,
): Promise<Result> {
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: Result;
    try {
      result = await run(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
    await sql.raw(result.error === undefined ? "commit" : "rollback").execute(connection);
    return result;
  });
}

/**
 * On PostgreSQL, Kysely looks for its bookkeeping tables in every schema unless told which one; pinning it to
 * current_schema() keeps two schemas in one database (tests, or apps sharing a server) from confusing it.
 */
async function migrationTableSchema<DB>(db: Kysely<DB>): Promise<{ migrationTableSchema?: string }> {
  if (readDialect(db) !== "postgres") return {};
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined || schema === null) {
    throw new MigrationError("PostgreSQL has no current schema: check the search_path of the connection");
  }
  return { migrationTableSchema: schema };
}
