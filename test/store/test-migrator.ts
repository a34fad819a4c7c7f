// A Migrator over the project's migrations for a store a migration test opened, its bookkeeping tables in the
// store's own schema on PostgreSQL (each test database is a schema of its own), so a test can stop at any
// migration and go on.
import { Migrator, sql } from "kysely";
import { migrations } from "../../migrations/index.js";
import type { Store } from "../../src/store/create-db.js";

export async function migratorOf(store: Store): Promise<Migrator> {
  return new Migrator({
    db: store.db,
    provider: { getMigrations: () => Promise.resolve({ ...migrations }) },
    ...(store.dialect === "postgres" ? { migrationTableSchema: await currentSchema(store) } : {}),
  });
}

export async function currentSchema(store: Store): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
  const schema = rows[0]?.schema;
  if (schema === undefined) throw new Error("PostgreSQL named no current schema");
  return schema;
}
