// @ts-check
// The bot's group commit, run inside the writer's thread (docs/architecture.md, "The core"): each write of a
// batch is a named function of the module the store was opened with, run on this thread's own connection, so
// a batch of many writes costs one message each way instead of one per statement.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { commitGroup } from "../commit-group.js";

/**
 * @typedef {object} BatchedWrite
 * @property {string} name
 * @property {(db: import("kysely").Kysely<unknown>, args: unknown, batch: Map<unknown, unknown>) => Promise<unknown>} run
 * @property {(db: import("kysely").Kysely<unknown>, args: readonly unknown[], batch: Map<unknown, unknown>) => Promise<unknown[]>} [runAll]
 * @typedef {object} BatchedWritesModule
 * @property {readonly BatchedWrite[]} batchedWrites
 * @property {typeof import("kysely").Kysely} [Kysely]
 * @property {typeof import("kysely").SqliteDialect} [SqliteDialect]
 * @typedef {Map<string, import("../commit-group.js").GroupWrite>} Writes
 * @typedef {{ ok: true, result: unknown } | { ok: false, error: { name: string, message: string, code?: string } }} Outcome what crosses back
 */

/** Whether this thread taught its module loader TypeScript already. */
let tsxRegistered = false;

/**
 * Imports the module's `batchedWrites`, each bound to a Kysely instance over this thread's connection.
 * @param {string} moduleUrl
 * @param {import("kysely").SqliteDatabase} database
 * @returns {Promise<Writes>}
 */
export async function loadBatchedWrites(moduleUrl, database) {
  // Run from source (`tsx`), the module's .js URL names a .ts file, which this thread must be taught to load.
  const fromSource = !existsSync(fileURLToPath(moduleUrl));
  // Kysely is loaded only here (a reader thread, or a writer with no batched writes, starts without it);
  // from source, before tsx is registered below: through tsx's hooks its few hundred modules load three
  // times slower.
  const kysely = fromSource ? await import("kysely") : undefined;
  // Once per thread: a thread reused for another store (sqlite-thread-client.ts) has them already.
  if (fromSource && !tsxRegistered) {
    const { register } = await import("tsx/esm/api");
    register();
    tsxRegistered = true;
  }
  const module = /** @type {BatchedWritesModule} */ (await import(moduleUrl));
  // The build's bundle of the module carries Kysely inside it (build-bundle.ts): the writes and this thread
  // then share that one copy instead of loading Kysely's modules beside it.
  const { Kysely, SqliteDialect } =
    module.Kysely !== undefined && module.SqliteDialect !== undefined
      ? { Kysely: module.Kysely, SqliteDialect: module.SqliteDialect }
      : (kysely ?? (await import("kysely")));
  const db = new Kysely({ dialect: new SqliteDialect({ database }) });
  /** @type {Writes} */
  const writes = new Map();
  for (const write of module.batchedWrites) {
    if (writes.has(write.name)) throw new Error(`Two batched writes are named "${write.name}"`);
    writes.set(write.name, {
      run: (args, batch) => write.run(db, args, batch),
      runAll:
        write.runAll === undefined
          ? undefined
          : (args, batch) => write.runAll?.(db, args, batch) ?? Promise.resolve([]),
    });
  }
  return writes;
}

/**
 * The batch as one group commit on this thread's connection (commit-group.js keeps the failure policy);
 * `committed` is told of each transaction that committed: the group's, or, when it was retried a write at a
 * time, one per write that committed; none when it was refused whole.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {Writes | undefined} writes
 * @param {readonly { name: string, args: unknown }[]} batch
 * @param {(commit: import("./thread-listeners.js").GroupCommit) => void} [committed]
 * @returns {Promise<Outcome[]>}
 */
export async function runBatch(sqlite, writes, batch, committed) {
  const transactions = {
    begin: () => sqlite.exec("begin immediate"),
    commit: () => sqlite.exec("commit"),
    rollBack: () => {
      if (sqlite.inTransaction) sqlite.exec("rollback");
    },
    ...(committed === undefined ? {} : { committed }),
  };
  const outcomes = await commitGroup(
    transactions,
    batch.map((item) => ({ write: writes?.get(item.name) ?? unknownWrite(item.name), args: item.args })),
  );
  return outcomes.map((outcome) =>
    outcome.ok ? outcome : { ok: false, error: describeError(outcome.error) },
  );
}

/**
 * What an item naming no write of this thread runs: it alone is refused.
 * @param {string} name
 * @returns {import("../commit-group.js").GroupWrite}
 */
function unknownWrite(name) {
  return { run: () => Promise.reject(new Error(`No batched write is named "${name}" in this thread`)) };
}

/**
 * What crosses back to the bot's thread: name, message and SQLite's code (`SQLITE_BUSY`), never a stack.
 * @param {unknown} error
 */
export function describeError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  return { name: error.name, message: error.message, ...(code === undefined ? {} : { code }) };
}
