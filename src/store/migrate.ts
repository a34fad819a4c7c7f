// Brings the schema up to date with Kysely's Migrator (docs/architecture.md, "Growing past one machine": the
// same migrations on both dialects). Several processes may start at once. On PostgreSQL the Migrator
// serialises them with an advisory lock and runs the pending migrations in one transaction. On SQLite it
// takes no lock at all (its adapter assumes one connection), so two processes would both see a fresh file and
// both run the first migration; here the whole run is one BEGIN IMMEDIATE transaction instead: the second
// process waits (busy_timeout) and then finds nothing to do.
import {
  Migrator,
  sql,
  type MigrationResultSet,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";
import { migrations } from "../../migrations/index.js";
import type { Logger } from "../logger.js";
import type { Store } from "./create-db.js";
import { readDialect } from "./dialect.js";

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

/**
 * migrateToLatest on the store's migrations' connection where it has one (PostgreSQL's, free of the pool's
 * time-outs: the wait for another instance's run, or a long migration, failed at 60 s), else on its database.
 */
export async function migrateStore(store: Store, logger?: Logger): Promise<string[]> {
  if (store.openMigrationDb === undefined) return migrateToLatest(store.db, logger);
  const db = store.openMigrationDb();
  try {
    return await migrateToLatest(db, logger);
  } finally {
    await db.destroy();
  }
}

/** Applies every pending migration and returns the names applied (none when already up to date). */
export async function migrateToLatest<DB>(db: Kysely<DB>, logger?: Logger): Promise<string[]> {
  const { error, results = [] } =
    readDialect(db) === "sqlite"
      ? await migrateSqlite(db)
      : await (await createMigrator(db)).migrateToLatest();
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
 * A Migrator over the project's migrations, its bookkeeping tables in the connection's own schema on
 * PostgreSQL. Before it migrates, Kysely's Migrator asks its database's introspection whether its two tables
 * exist, and the dialects' introspection lists every column of every table in every schema the connection
 * may read (on PostgreSQL with a sequence look-up per column): a database shared with other schemas, other
 * applications' or the tests', made each start slower the more tables it held, and failed it with 42P01 when
 * one of them was dropped meanwhile. Its Migrator is handed the store with an introspection that lists the
 * names of the tables of its own schema only, which is all the Migrator reads.
 */
export async function createMigrator<DB>(db: Kysely<DB>): Promise<Migrator> {
  const schema = readDialect(db) === "postgres" ? await currentSchema(db) : undefined;
  return new Migrator({
    db: withIntrospection(db, ownTablesIntrospection(db, schema)),
    provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
}

/**
 * The names of the tables in `schema` (PostgreSQL) or in the database (SQLite), without their columns; the
 * schemas the database has. Enough for the Migrator, not for anything that reads the columns.
 */
function ownTablesIntrospection<DB>(db: Kysely<DB>, schema: string | undefined): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } =
      schema === undefined
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
        : await sql<{ name: string }>`
            select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
    return rows.map(({ name }) => ({
      name,
      isView: false,
      columns: [],
      ...(schema === undefined ? {} : { schema }),
    }));
  };
  const getSchemas = async (): Promise<SchemaMetadata[]> => db.introspection.getSchemas();
  return {
    getSchemas,
    getTables,
    // Deprecated in Kysely but still part of the interface it asks for; the Migrator does not call it.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    getMetadata: async (): Promise<DatabaseMetadata> => ({ tables: await getTables() }),
  };
}

/** `db` whose `introspection` is `introspection`; everything else is `db`'s own (bound to it: Kysely keeps private fields). */
function withIntrospection<DB>(db: Kysely<DB>, introspection: DatabaseIntrospector): Kysely<DB> {
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Takes SQLite's write lock only when a migration is pending, read first: a start while another process
 * holds the lock (a backup, a stuck writer) then goes on with the schema it has and reports the fault on
 * /readyz, rather than fail after the busy time-out and restart in a loop.
 */
async function migrateSqlite<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
  const known = await (await createMigrator(db)).getMigrations();
  if (known.every((migration) => migration.executedAt !== undefined)) return { results: [] };
  return holdingSqliteWriteLock(db, async (connection) =>
    (await createMigrator(connection)).migrateToLatest(),
  );
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
 * The schema PostgreSQL creates tables in for this connection (its search_path's first): the Migrator keeps
 * its bookkeeping there and looks for it nowhere else, so two schemas in one database (tests, or applications
 * sharing a server) never confuse it.
 */
async function currentSchema<DB>(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema === undefined || schema === null) {
    throw new MigrationError("PostgreSQL has no current schema: check the search_path of the connection");
  }
  return schema;
}
