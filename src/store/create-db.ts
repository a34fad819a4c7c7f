// Opens the store named by DATABASE_URL (docs/architecture.md, "Running", "Growing past one machine"): SQLite
// through better-sqlite3 by default, or a PostgreSQL pool shared by several bot processes.
import { mkdirSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Logger } from "../logger.js";
import type { Database } from "./database.js";
import type { StoreDialect } from "./dialect.js";
import { cacheStatements } from "./sqlite-statement-cache.js";

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  close(): Promise<void>;
}

export async function createDb(databaseUrl: string, options: { logger?: Logger } = {}): Promise<Store> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return openPostgres(databaseUrl, options.logger);
  if (databaseUrl === ":memory:") return openSqlite(":memory:");
  if (databaseUrl.startsWith("file:")) return openSqlite(sqliteFilePath(databaseUrl));
  throw new Error("DATABASE_URL must be file:<path>, :memory: or postgres://…");
}

function sqliteFilePath(databaseUrl: string): string {
  const filePath = databaseUrl.startsWith("file://") ? fileURLToPath(databaseUrl) : databaseUrl.slice(5);
  if (filePath === "") throw new Error("DATABASE_URL file:<path> needs a path");
  mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  return filePath;
}

async function openSqlite(filename: string): Promise<Store> {
  const sqlite = new SqliteDatabase(filename);
  if (filename !== ":memory:") await switchToWal(sqlite);
  // A webhook is acknowledged only after its commit reached the disk (docs/architecture.md, "Webhooks in"
  // step 3, "Performance targets").
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cacheStatements(sqlite) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** How long two processes opening one fresh file may keep each other from switching it to WAL. */
const walSwitchPatienceMs = 5000;

/**
 * Two processes opening a fresh file at once (two instances starting together) both switch it to WAL, and
 * SQLite may answer one of them SQLITE_BUSY at once, without waiting in its busy handler; a moment later the
 * file is in WAL mode and the switch succeeds. Anything else, or a file busy for longer, is an error.
 */
async function switchToWal(sqlite: SqliteDatabase.Database): Promise<void> {
  const giveUpAt = performance.now() + walSwitchPatienceMs;
  for (;;) {
    try {
      sqlite.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      const busy = error instanceof SqliteDatabase.SqliteError && error.code === "SQLITE_BUSY";
      if (!busy || performance.now() > giveUpAt) throw error;
      await delay(10 + Math.random() * 40);
    }
  }
}

// Timestamps are bigint (int8) columns holding ms since the epoch: far below 2^53, so a JS number is exact.
// The parser is this pool's own, not pg.types.setTypeParser, which would change every pg user in the process.
const poolTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === pg.types.builtins.INT8 && format !== "binary"
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as unknown),
};

async function openPostgres(connectionString: string, logger: Logger | undefined): Promise<Store> {
  const pool = new pg.Pool({ connectionString, types: poolTypes, max: 10 });
  // An idle client's error is emitted on the pool; unhandled, it would crash the process.
  pool.on("error", (error) => {
    logger?.error({ err: error }, "PostgreSQL idle connection failed");
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await pool.query("select 1");
  } catch (error) {
    await db.destroy();
    throw new Error(`Could not connect to PostgreSQL: ${describeConnectionError(error)}`);
  }
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/** The driver's message names the host and the problem; the URL (and its password) is never repeated. */
function describeConnectionError(error: unknown): string {
  return error instanceof Error ? error.message : "unknown error";
}
