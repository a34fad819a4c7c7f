// The PostgreSQL schemas the store tests make (test/store/databases.ts) are dropped once the whole run is
// over, not as each file ends: Kysely's migrator lists the tables of every schema, and a schema dropped by one
// file while another migrates made that listing fail ("schema … does not exist"). Each run names its schemas
// with a prefix of its own, so the teardown drops this run's and no other's.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The prefix of every schema this run makes: `test_<run>_`. */
    postgresSchemaPrefix: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `test_${randomBytes(4).toString("hex")}_`;
  project.provide("postgresSchemaPrefix", prefix);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url === undefined || url === "") return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select nspname as name from pg_namespace where starts_with(nspname, $1)",
        [prefix],
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
