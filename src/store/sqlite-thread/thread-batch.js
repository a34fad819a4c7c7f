// @ts-check
// The bot's group commit, run inside the writer's thread (docs/architecture.md, "The core"): each write of a
// batch is a named function of the module the store was opened with, run on this thread's own connection, so
// a batch of many writes costs one message each way instead of one per statement.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Kysely, SqliteDialect } from "kysely";

/**
 * @typedef {{ name: string, run: (db: Kysely<unknown>, args: unknown, batch: Map<unknown, unknown>) => Promise<unknown> }} BatchedWrite
 * @typedef {Map<string, (args: unknown, batch: Map<unknown, unknown>) => Promise<unknown>>} Writes
 * @typedef {{ ok: true, result: unknown } | { ok: false, error: { name: string, message: string, code?: string } }} Outcome
 */

/**
 * Imports the module's `batchedWrites`, each bound to a Kysely instance over this thread's connection.
 * @param {string} moduleUrl
 * @param {import("kysely").SqliteDatabase} database
 * @returns {Promise<Writes>}
 */
export async function loadBatchedWrites(moduleUrl, database) {
  // Run from source (`tsx`), the module's .js URL names a .ts file, which this thread must be taught to load.
  if (!existsSync(fileURLToPath(moduleUrl))) {
    const { register } = await import("tsx/esm/api");
    register();
  }
  const module = /** @type {{ batchedWrites: readonly BatchedWrite[] }} */ (await import(moduleUrl));
  const db = new Kysely({ dialect: new SqliteDialect({ database }) });
  /** @type {Writes} */
  const writes = new Map();
  for (const write of module.batchedWrites) {
    if (writes.has(write.name)) throw new Error(`Two batched writes are named "${write.name}"`);
    writes.set(write.name, (args, batch) => write.run(db, args, batch));
  }
  return writes;
}

/**
 * The whole batch in one transaction. A write that throws has the batch rolled back and each write retried in
 * a transaction of its own, so only the one at fault is refused; when the transaction itself failed (the lock
 * not had within the busy timeout, a full disk at commit), every write of the batch is refused at once.
 * @param {import("better-sqlite3").Database} sqlite
 * @param {Writes | undefined} writes
 * @param {readonly { name: string, args: unknown }[]} batch
 * @returns {Promise<Outcome[]>}
 */
export async function runBatch(sqlite, writes, batch) {
  /**
   * @param {{ name: string, args: unknown }} item
   * @param {Map<unknown, unknown>} scope what the writes of one transaction share
   */
  const run = (item, scope) => {
    const write = writes?.get(item.name);
    if (write === undefined) throw new Error(`No batched write is named "${item.name}" in this thread`);
    return write(item.args, scope);
  };
  if (batch.length > 1) {
    let writeFailed = false;
    try {
      sqlite.exec("begin immediate");
      /** @type {Outcome[]} */
      const outcomes = [];
      const scope = new Map();
      for (const item of batch) {
        writeFailed = true;
        outcomes.push({ ok: true, result: await run(item, scope) });
        writeFailed = false;
      }
      sqlite.exec("commit");
      return outcomes;
    } catch (error) {
      rollBack(sqlite);
      if (!writeFailed) return batch.map(() => ({ ok: false, error: describeError(error) }));
    }
  }
  /** @type {Outcome[]} */
  const outcomes = [];
  for (const item of batch) {
    let writeFailed = false;
    try {
      sqlite.exec("begin immediate");
      writeFailed = true;
      const result = await run(item, new Map());
      writeFailed = false;
      sqlite.exec("commit");
      outcomes.push({ ok: true, result });
    } catch (error) {
      rollBack(sqlite);
      outcomes.push({ ok: false, error: describeError(error) });
      // The database itself failed (no lock within the busy timeout, a failed commit): the writes still
      // waiting would only wait for it again, one after another.
      if (!writeFailed) {
        const refused = describeError(error);
        while (outcomes.length < batch.length) outcomes.push({ ok: false, error: refused });
        return outcomes;
      }
    }
  }
  return outcomes;
}

/** @param {import("better-sqlite3").Database} sqlite */
function rollBack(sqlite) {
  if (sqlite.inTransaction) sqlite.exec("rollback");
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
