// A Migrator over the project's migrations for a store a migration test opened, its bookkeeping tables in the
// store's own schema on PostgreSQL (each test database is a schema of its own), so a test can stop at any
// migration and go on.
import type { Migrator } from "kysely";
import { sql } from "kysely";
import type { Store } from "../../src/store/create-db.js";
import { createMigrator } from "../../src/store/migrate.js";

export function migratorOf(store: Store): Promise<Migrator> {
  return createMigrator(store.db);
}

export async function currentSchema(store: Store): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
  const schema = rows[0]?.schema;
  if (schema === undefined) throw new Error("PostgreSQL named no current schema");
  return schema;
}
