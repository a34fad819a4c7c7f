// The PostgreSQL store (docs/architecture.md, "Growing past one machine"): a pool shared by several bot
// processes, its int8 columns read as numbers, a connection that stops answering closed. create-db.ts loads
// this module only for a postgres:// DATABASE_URL.
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { systemClock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Store, StoreOptions } from "./create-db.js";
import type { Database } from "./database.js";
import { readWritePool } from "./read-write-pool.js";
import { createWriteHealth, type WriteHealth } from "./write-health.js";
import { probeWrite } from "./write-probe.js";

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
// How long a query may go without any answer before its connection is closed is the statement time-out and
// 10 s more, so only a connection that stopped answering is closed (its host gone in a failover, a network
// that drops packets). The kernel would wait about 15 minutes before failing it, and whatever used it, a
// worker's claim, a webhook, /readyz, would wait as long.

/**
 * How long a connection may sit in an open transaction with no statement running before the server ends it.
 * An instance that stops mid-transaction without its connection closing (a paused VM, a stopped process)
 * would otherwise hold that transaction's locks, the outbox's claim lock every instance's claims wait on
 * among them, until the kernel gave up on the connection, hours later. The bot's transactions run database
 * statements alone, one after another, so none of its own comes near this.
 */
const postgresIdleInTransactionTimeoutMs = 60_000;

export async function openPostgres(connectionString: string, options: StoreOptions): Promise<Store> {
  const {
    logger,
    clock = systemClock,
    postgresStatementTimeoutMs: statementTimeoutMs = postgresStatementTimeoutMs,
    postgresQueryTimeoutMs: queryTimeoutMs = statementTimeoutMs + 10_000,
    postgresIdleInTransactionTimeoutMs: idleInTransactionMs = postgresIdleInTransactionTimeoutMs,
  } = options;
  const pool = new pg.Pool({
    connectionString,
    types: poolTypes,
    max: 10,
    connectionTimeoutMillis: postgresConnectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionMs,
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
  // The migrations' connection has none of the pool's time-outs: Kysely's migrator waits up to an hour for
  // another instance's run (its advisory lock's own lock_timeout), and a migration may rewrite a whole table.
  // Its lost connection fails the run (a MigrationError) and is logged, as the pool's are, not thrown.
  const openMigrationDb = () => {
    const migrationPool = new pg.Pool({
      connectionString,
      types: poolTypes,
      max: 1,
      connectionTimeoutMillis: postgresConnectTimeoutMs,
      keepAlive: true,
    });
    migrationPool.on("connect", (client) => client.on("error", logLost));
    migrationPool.on("error", () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: migrationPool }) });
  };
  return { db, dialect: "postgres", writeHealth: health.current, openMigrationDb, close: () => db.destroy() };
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
