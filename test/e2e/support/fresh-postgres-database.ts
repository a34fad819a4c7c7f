// A PostgreSQL database of a test's own, on the server TEST_DATABASE_URL names: other engineers and test files
// use that server's `test` database at the same time, and a test of "a fresh database" needs one nobody touched.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FreshPostgresDatabase {
  /** A DATABASE_URL for it. */
  readonly url: string;
  /** Drops it, ending any connection still open (a killed process leaves its own behind). */
  drop(): Promise<void>;
}

/** Creates `arena_<purpose>_<random>` through `adminUrl`, a connection URL to any database of the server. */
export async function createFreshPostgresDatabase(
  adminUrl: string,
  purpose: string,
): Promise<FreshPostgresDatabase> {
  const name = `arena_${purpose}_${randomBytes(5).toString("hex")}`;
  await runAdminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
