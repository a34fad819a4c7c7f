// Kysely's SQLite driver prepares every statement it runs, and better-sqlite3 compiles it again each time:
// about a sixth of the CPU of durable ingest went to compiling the same few statements (bench/webhook-ingest.ts
// under --cpu-prof). Handing Kysely a database whose prepare() remembers the statements it compiled skips that.
import type SqliteDatabase from "better-sqlite3";
import type { SqliteDatabase as KyselySqliteDatabase } from "kysely";

/** More than the distinct statements the bot runs; an `in (…)` of each length is a statement of its own. */
const defaultCapacity = 500;

/** `sqlite` for Kysely's SqliteDialect, with compiled statements kept by their SQL, least recently used out. */
export function cacheStatements(
  sqlite: SqliteDatabase.Database,
  capacity = defaultCapacity,
): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      // A statement still being iterated (a stream) cannot run again until it is done: compile another.
      if (cached?.busy === true) return sqlite.prepare(sql);
      if (cached !== undefined) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      const oldest = statements.keys().next().value;
      if (statements.size > capacity && oldest !== undefined) statements.delete(oldest);
      return statement;
    },
  };
}
