// A PostgreSQL database of the bench's own, for benchmarks of several instances (a SQLite file belongs to one
// process). The server is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one CI uses.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface FreshPostgres {
  /** A DATABASE_URL for it. */
  readonly url: string;
  /** Drops it, ending any connection a killed instance left open. */
  drop(): Promise<void>;
}

export function readBenchPostgresUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test"
  );
}

/** Creates `arena_bench_<random>`; undefined when no server answers at `adminUrl`. */
export async function createFreshPostgres(adminUrl: string): Promise<FreshPostgres | undefined> {
  const name = `arena_bench_${randomBytes(5).toString("hex")}`;
  try {
    await runStatement(adminUrl, `create database ${name}`);
  } catch {
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
