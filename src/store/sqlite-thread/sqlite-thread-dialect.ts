// Kysely over SQLite connections that live in worker threads (docs/architecture.md, "The core"). A file gets
// two: a writer, which every write and every transaction goes through one at a time, and a reader for plain
// reads, so a read never queues behind a write waiting for another process's lock (in WAL mode a reader sees
// the last commit and needs no lock). ":memory:" has one connection for both,
// since a second connection would open a second, empty database.
import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import {
  SqliteThread,
  type NamedWrite,
  type StatementResult,
  type WriteOutcome,
} from "./sqlite-thread-client.js";
import type { GroupCommit } from "./thread-listeners.js";
import { WriterLock } from "./writer-lock.js";

export interface SqliteThreadDialectOptions {
  /** A file path, or ":memory:". */
  readonly filename: string;
  /** How long a write waits for another process's lock before it fails with SQLITE_BUSY. */
  readonly busyTimeoutMs: number;
  /** The module of batched writes the writer's thread loads and runs by name (write-batcher.ts). */
  readonly writesModule?: string;
  /**
   * SQLITE_MAX_SIZE_MB as pages: the writer's connection grows the file no further (PRAGMA max_page_count),
   * and a write that would needs fails with SQLITE_FULL as on a full disk.
   */
  readonly maxPageCount?: number;
  /** Told of every error of the writer's connection (the store's write health, write-health.ts). */
  readonly onWriterError?: (error: Error) => void;
  /** Told of each transaction of a group commit that committed in the writer's thread (the bot's metrics). */
  readonly onGroupCommit?: (commit: GroupCommit) => void;
}

/** Group commits run whole in the writer's thread, for the writes it loaded. */
export interface ThreadBatches {
  has(name: string): boolean;
  run(batch: readonly NamedWrite[]): Promise<WriteOutcome[]>;
}

export class SqliteThreadDialect implements Dialect {
  readonly #options: SqliteThreadDialectOptions;
  #driver: SqliteThreadDriver | undefined;
  constructor(options: SqliteThreadDialectOptions) {
    this.#options = options;
  }

  /** The writer thread's batches, once the store is open. */
  readonly batches: ThreadBatches = {
    has: (name) => this.#driver?.writes.has(name) ?? false,
    run: (batch) => {
      if (this.#driver === undefined) return Promise.reject(new Error("The SQLite store is not open"));
      return this.#driver.runBatch(batch);
    },
  };
  createAdapter(): SqliteAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    this.#driver = new SqliteThreadDriver(this.#options);
    return this.#driver;
  }
  createIntrospector(db: Kysely<unknown>): SqliteIntrospector {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler(): SqliteQueryCompiler {
    return new SqliteQueryCompiler();
  }
}

interface Threads {
  readonly writer: SqliteThread;
  /** Undefined for ":memory:", whose reads go to the writer in turn. */
  readonly reader: SqliteThread | undefined;
  readonly writerLock: WriterLock;
}

class SqliteThreadDriver implements Driver {
  readonly #options: SqliteThreadDialectOptions;
  #threads: Threads | undefined;

  constructor(options: SqliteThreadDialectOptions) {
    this.#options = options;
  }

  get writes(): ReadonlySet<string> {
    return this.#threads?.writer.writes ?? new Set();
  }

  async init(): Promise<void> {
    const { filename, busyTimeoutMs, writesModule, maxPageCount, onWriterError, onGroupCommit } =
      this.#options;
    // The writer first: it creates the file and switches it to WAL, which a read-only connection cannot.
    const writer = await SqliteThread.open(
      {
        filename,
        readonly: false,
        busyTimeoutMs,
        ...(writesModule === undefined ? {} : { writesModule }),
        ...(maxPageCount === undefined ? {} : { maxPageCount }),
      },
      {
        ...(onWriterError === undefined ? {} : { onError: onWriterError }),
        ...(onGroupCommit === undefined ? {} : { onGroupCommit }),
      },
    );
    try {
      const reader =
        filename === ":memory:"
          ? undefined
          : await SqliteThread.open({ filename, readonly: true, busyTimeoutMs });
      this.#threads = { writer, reader, writerLock: new WriterLock() };
    } catch (error) {
      await writer.close();
      throw error;
    }
  }

  /**
   * A batch is a whole transaction in the thread, so no other statement may run inside it; the batches sent
   * meanwhile queue in the thread, which commits those that queued behind a commit together.
   */
  async runBatch(batch: readonly NamedWrite[]): Promise<WriteOutcome[]> {
    const threads = this.#threads;
    if (threads === undefined) throw new Error("The SQLite store is closed");
    const lockWaitEnds = Date.now() + this.#options.busyTimeoutMs;
    return threads.writerLock.sharing(() => threads.writer.runBatch(batch, lockWaitEnds));
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (this.#threads === undefined) return Promise.reject(new Error("The SQLite store is closed"));
    return Promise.resolve(new ThreadConnection(this.#threads, this.#options.busyTimeoutMs));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection instanceof ThreadConnection) await connection.release();
  }

  async destroy(): Promise<void> {
    const threads = this.#threads;
    this.#threads = undefined;
    await Promise.all([threads?.writer.close(), threads?.reader?.close()]);
  }
}

const beginning = /^\s*begin\b/i;
const ending = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;
const plainSelect = /^\s*select\b/i;

/**
 * What Kysely holds between acquiring and releasing a connection. A transaction (Kysely's, or a raw `begin`
 * as the migrator's) holds the writer until it ends; anything else takes the writer for one statement, or
 * goes to the reader when it only reads.
 */
class ThreadConnection implements DatabaseConnection {
  readonly #threads: Threads;
  readonly #busyTimeoutMs: number;
  #inTransaction = false;

  constructor(threads: Threads, busyTimeoutMs: number) {
    this.#threads = threads;
    this.#busyTimeoutMs = busyTimeoutMs;
  }

  async executeQuery<Row>(compiledQuery: CompiledQuery): Promise<QueryResult<Row>> {
    const { sql, parameters, query } = compiledQuery;
    const { writer, reader, writerLock } = this.#threads;
    // Reads too: a store whose writer is gone is broken, and its readiness check must say so.
    if (writer.failure !== undefined) throw writer.failure;
    if (this.#inTransaction) return this.#runInTransaction(compiledQuery);
    // A write's busy timeout counts from now, the writes queued before it included (docs/architecture.md, "The
    // core"): behind writes that each waited it out for another process's lock, it would wait for all of theirs.
    const lockWaitEnds = Date.now() + this.#busyTimeoutMs;
    if (RawNode.is(query) && beginning.test(sql)) {
      await writerLock.acquire();
      try {
        const result = await writer.run(sql, parameters, lockWaitEnds);
        this.#inTransaction = true;
        return toQueryResult(result);
      } catch (error) {
        writerLock.release();
        throw error;
      }
    }
    const reads = SelectQueryNode.is(query) || (RawNode.is(query) && plainSelect.test(sql));
    if (reads && reader !== undefined) return toQueryResult(await reader.run(sql, parameters));
    return toQueryResult(await writerLock.holding(() => writer.run(sql, parameters, lockWaitEnds)));
  }

  async #runInTransaction<Row>({ sql, parameters, query }: CompiledQuery): Promise<QueryResult<Row>> {
    const ends = RawNode.is(query) && ending.test(sql);
    try {
      const result = await this.#threads.writer.run(sql, parameters);
      if (ends) this.#endTransaction();
      return toQueryResult(result);
    } catch (error) {
      // SQLite rolls a transaction back itself when its commit fails (a full disk, an I/O error); the
      // rollback Kysely then sends has nothing left to do, and the commit's error is the one to report.
      if (ends && /^\s*rollback\b/i.test(sql) && /no transaction is active/.test(String(error))) {
        this.#endTransaction();
        return { rows: [] };
      }
      throw error;
    }
  }

  /** The bot streams no query; Kysely's interface asks for the method. */
  streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error("Streaming queries are not supported by the SQLite thread driver");
  }

  /** A connection given back inside a transaction it began (an error between `begin` and its end) rolls it back. */
  async release(): Promise<void> {
    if (!this.#inTransaction) return;
    try {
      await this.#threads.writer.run("rollback", []);
    } catch {
      // Nothing was open after all (SQLite ended it on an error of its own).
    }
    this.#endTransaction();
  }

  #endTransaction(): void {
    this.#inTransaction = false;
    this.#threads.writerLock.release();
  }
}

function toQueryResult<Row>(result: StatementResult): QueryResult<Row> {
  return {
    rows: result.rows as Row[],
    ...(result.changes === undefined ? {} : { numAffectedRows: BigInt(result.changes) }),
    ...(result.lastInsertRowid === undefined ? {} : { insertId: result.lastInsertRowid }),
  };
}
