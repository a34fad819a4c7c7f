// Opens the store named by DATABASE_URL (docs/architecture.md, "Running", "Growing past one machine", "The
// core"): SQLite through better-sqlite3 in worker threads by default, or a PostgreSQL pool shared by several
// bot processes.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { systemClock, type Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Database } from "./database.js";
import type { StoreDialect } from "./dialect.js";
import { SqliteThreadDialect } from "./sqlite-thread/sqlite-thread-dialect.js";
import { readWritePool } from "./read-write-pool.js";
import { useThreadBatches } from "./write-batcher.js";
import { createWriteHealth, type WriteHealth } from "./write-health.js";
import { probeWrite } from "./write-probe.js";

export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: StoreDialect;
  /**
   * Whether the database can write: a full disk, a read-only file or session (a PostgreSQL standby), a lock
   * held too long say it cannot. Connection errors are not its business: the readiness check's query meets them.
   */
  readonly writeHealth: WriteHealth | undefined;
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
}

export async function createDb(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
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
  const { batchedWritesModule: writesModule, sqliteMaxSizeBytes, clock = systemClock, logger } = options;
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
  });
  const db = new Kysely<Database>({ dialect });
  health.current = createWriteHealth({ probe: () => probeWrite(db, clock.now()), clock, logger });
  // Kysely opens the connections on the first query; opening them here makes a bad file fail createDb.
  await sql`select 1`.execute(db);
  useThreadBatches(db, dialect.batches);
  return { db, dialect: "sqlite", writeHealth: health.current, close: () => db.destroy() };
}

// Timestamps are bigint (int8) columns holding ms since the epoch: far below 2^53, so a JS number is exact.
// The parser is this pool's own, not pg.types.setTypeParser, which would change every pg user in the process.
const poolTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === pg.types.builtins.INT8 && format !== "binary"
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as unknown),
};

/** How long a new connection may take, and a statement may run, before it fails like any database error. */
const postgresConnectTimeoutMs = 5000;
const postgresStatementTimeoutMs = 60_000;
/**
 * How long a query may go without any answer before its connection is closed: past the statement time-out, so
 * only a connection that stopped answering is closed (its host gone in a failover, a network that drops
 * packets). The kernel would wait about 15 minutes before failing it, and whatever used it, a worker's claim,
 * a webhook, /readyz, would wait as long.
 */
const postgresQueryTimeoutMs = postgresStatementTimeoutMs + 10_000;

async function openPostgres(connectionString: string, options: StoreOptions): Promise<Store> {
  const {
    logger,
    clock = systemClock,
    postgresQueryTimeoutMs: queryTimeoutMs = postgresQueryTimeoutMs,
  } = options;
  const pool = new pg.Pool({
    connectionString,
    types: poolTypes,
    max: 10,
    connectionTimeoutMillis: postgresConnectTimeoutMs,
    statement_timeout: postgresStatementTimeoutMs,
    keepAlive: true,
  });
  // A connection that dies (a failover, a restart, a cut network) emits `error` on its client, checked out or
  // idle; unhandled, that would end the process. The query it was running fails as any database error does,
  // and the pool opens a new connection for the next. Only the error is logged: the client holds the settings.
  const logLost = (error: Error): void => {
    logger?.error({ err: { message: error.message, code: readCode(error) } }, "PostgreSQL connection lost");
  };
  pool.on("connect", (client) => {
    client.on("error", logLost);
    closeWhenUnanswered(client, queryTimeoutMs, logger);
  });
  // The pool re-emits an idle client's error, with the client (its user, database and host) beside it. The
  // client's own listener above has logged that error already, so this one only keeps the process up.
  pool.on("error", () => undefined);
  // Every query error passes by the write health (a standby answers writes 25006), and a connection that met a
  // read-only server is not used again (read-write-pool.ts).
  const health: { current?: WriteHealth } = {};
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: readWritePool(pool, (error) => health.current?.noteFailure(error)),
    }),
  });
  health.current = createWriteHealth({ probe: () => probeWrite(db, clock.now()), clock, logger });
  try {
    await pool.query("select 1");
  } catch (error) {
    await db.destroy();
    throw new Error(`Could not connect to PostgreSQL: ${describeConnectionError(error)}`);
  }
  return { db, dialect: "postgres", writeHealth: health.current, close: () => db.destroy() };
}

/**
 * Closes the client's connection when one of its queries gets no answer within `timeoutMs`. The query then
 * fails as on a lost connection, and the pool drops the client rather than hand it out again; pg's own
 * query_timeout fails the query but keeps the client, whose next query waits behind the unanswered one.
 */
function closeWhenUnanswered(client: pg.PoolClient, timeoutMs: number, logger: Logger | undefined): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const guarded = (...args: unknown[]): unknown => {
    const timer = setTimeout(() => {
      logger?.error({ timeoutMs }, "a PostgreSQL query got no answer in time; its connection is closed");
      client.connection.stream.destroy();
    }, timeoutMs);
    const answered = () => {
      clearTimeout(timer);
    };
    const callback = args.at(-1);
    if (typeof callback === "function") {
      return query(...args.slice(0, -1), (...results: unknown[]) => {
        answered();
        (callback as (...results: unknown[]) => void)(...results);
      });
    }
    const result = query(...args);
    if (result instanceof Promise) return result.finally(answered);
    // A submittable (a cursor) answers through itself; the bot runs none.
    answered();
    return result;
  };
  Object.assign(client, { query: guarded });
}

function readCode(error: Error): string | undefined {
  return "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/** The driver's message names the host and the problem; the URL (and its password) is never repeated. */
function describeConnectionError(error: unknown): string {
  return error instanceof Error ? error.message : "unknown error";
}
