// Opens the store named by DATABASE_URL (docs/architecture.md, "Running", "Growing past one machine", "The
// core"): SQLite through better-sqlite3 in worker threads by default, or a PostgreSQL pool shared by several
// bot processes.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, sql } from "kysely";
import { systemClock, type Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Database } from "./database.js";
import type { StoreDialect } from "./dialect.js";
import type { GroupCommit } from "./sqlite-thread/thread-listeners.js";
import { SqliteThreadDialect } from "./sqlite-thread/sqlite-thread-dialect.js";
import { useThreadBatches } from "./write-batcher.js";
import { createWriteHealth, type WriteHealth } from "./write-health.js";
import { probeWrite } from "./write-probe.js";

export type { GroupCommit };

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  /**
   * Whether the database can write: a full disk, a read-only file or session (a PostgreSQL standby), a lock
   * held too long say it cannot. Connection errors are not its business: the readiness check's query meets them.
   */
  readonly writeHealth: WriteHealth | undefined;
  /**
   * On PostgreSQL, a connection of its own for the migrations (migrateStore), without the pool's time-outs: a
   * migration may run longer than any of the bot's statements, and waits for another instance's run to end.
   */
  readonly openMigrationDb?: () => Kysely<Database>;
  close(): Promise<void>;
}

export interface StoreOptions {
  readonly logger?: Logger;
  /**
   * On SQLite, the URL of the module of batched writes (write-batcher.ts) the writer's thread runs whole
   * batches of; without it, a batch's statements are sent to the thread one by one.
   */
  readonly batchedWritesModule?: string;
  /** SQLITE_MAX_SIZE_MB in bytes: SQLite's file grows no further, and a write past it fails as on a full disk. */
  readonly sqliteMaxSizeBytes?: number;
  /** When a write fault began, as the write health says it (the system clock unless given). */
  readonly clock?: Clock;
  /** On PostgreSQL, how long a query may go unanswered before its connection is closed (tests shorten it). */
  readonly postgresQueryTimeoutMs?: number;
  /** On PostgreSQL, how long the pool's statements may run (open-postgres.ts; tests shorten it). */
  readonly postgresStatementTimeoutMs?: number;
  /**
   * On PostgreSQL, how long a connection may sit idle in an open transaction before the server ends it
   * (open-postgres.ts; tests shorten it).
   */
  readonly postgresIdleInTransactionTimeoutMs?: number;
  /**
   * On SQLite, told of each transaction of a group commit that committed in the writer's thread
   * (write-batcher.ts): the bot's metrics. Nothing else the writer runs is told, nor a batch the bot's own
   * thread commits (a store opened without batched writes, as some tests open one), nor anything on
   * PostgreSQL, where each write is a transaction of its own.
   */
  readonly onGroupCommit?: (commit: GroupCommit) => void;
}

export async function createDb(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // Loaded only here: a bot on SQLite never holds pg's modules in memory (docs/performance.md).
    const { openPostgres } = await import("./open-postgres.js");
    return openPostgres(databaseUrl, options);
  }
  if (databaseUrl === ":memory:") return openSqlite(":memory:", options);
  if (databaseUrl.startsWith("file:")) return openSqlite(sqliteFilePath(databaseUrl), options);
  throw new Error("DATABASE_URL must be file:<path>, :memory: or postgres://…");
}

function sqliteFilePath(databaseUrl: string): string {
  const filePath = databaseUrl.startsWith("file://") ? fileURLToPath(databaseUrl) : databaseUrl.slice(5);
  if (filePath === "") throw new Error("DATABASE_URL file:<path> needs a path");
  mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  return filePath;
}

/** How long a write waits for another process's lock on the file before it fails (and its caller answers 5xx). */
const sqliteBusyTimeoutMs = 5000;

/** SQLite's default page size, which the bot never changes: SQLITE_MAX_SIZE_MB is counted in these. */
const sqlitePageBytes = 4096;

async function openSqlite(filename: string, options: StoreOptions): Promise<Store> {
  const {
    batchedWritesModule: writesModule,
    sqliteMaxSizeBytes,
    clock = systemClock,
    logger,
    onGroupCommit,
  } = options;
  // The health needs the database for its probe, and the database tells the health of its writer's errors.
  const health: { current?: WriteHealth } = {};
  const dialect = new SqliteThreadDialect({
    filename,
    busyTimeoutMs: sqliteBusyTimeoutMs,
    ...(writesModule === undefined ? {} : { writesModule }),
    ...(sqliteMaxSizeBytes === undefined
      ? {}
      : { maxPageCount: Math.max(1, Math.floor(sqliteMaxSizeBytes / sqlitePageBytes)) }),
    onWriterError: (error) => health.current?.noteFailure(error),
    ...(onGroupCommit === undefined ? {} : { onGroupCommit }),
  });
  const db = new Kysely<Database>({ dialect });
  health.current = createWriteHealth({ probe: () => probeWrite(db, clock.now()), clock, logger });
  // Kysely opens the connections on the first query; opening them here makes a bad file fail createDb.
  await sql`select 1`.execute(db);
  useThreadBatches(db, dialect.batches);
  return { db, dialect: "sqlite", writeHealth: health.current, close: () => db.destroy() };
}
