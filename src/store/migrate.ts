// Brings the schema up to date with Kysely's Migrator (DESIGN.md §8: the same migrations on both dialects).
// On PostgreSQL the Migrator serialises concurrent runs with an advisory lock, so several processes starting
// at once is fine.
import { Migrator, sql, type Kysely } from "kysely";
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
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
    ...(await migrationTableSchema(db)),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
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
