// @ts-check
// One SQLite connection, run in a worker thread so that no statement, busy wait or fsync ever blocks the bot's
// event loop (docs/architecture.md, "The database off the event loop"). Plain JavaScript because Node 20 loads
// a worker's entry without the TypeScript loader the bot runs under. It answers one message at a time, in
// order: `{ id, sql, parameters }` → `{ id, rows, changes, lastInsertRowid }` or `{ id, error }`.
import { Buffer } from "node:buffer";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import { cacheStatements } from "./statement-cache.js";

/**
 * @typedef {object} ThreadOptions
 * @property {string} filename      a file path, or ":memory:"
 * @property {boolean} readonly     a reader: opened read-only, so a write sent here by mistake fails loudly
 * @property {number} busyTimeoutMs how long a statement waits for another connection's lock
 */

/** How long two processes opening one fresh file may keep each other from switching it to WAL. */
const walSwitchPatienceMs = 5000;

const options = /** @type {ThreadOptions} */ (workerData);
const port = parentPort;
if (port === null) throw new Error("sqlite-thread.js runs as a worker thread");

const sqlite = new SqliteDatabase(options.filename, { readonly: options.readonly });
if (options.filename !== ":memory:" && !options.readonly) switchToWal();
// A webhook is acknowledged only after its commit reached the disk (docs/architecture.md, "Webhooks in").
sqlite.pragma("synchronous = FULL");
sqlite.pragma(`busy_timeout = ${String(options.busyTimeoutMs)}`);
sqlite.pragma("foreign_keys = ON");
const statements = cacheStatements(sqlite);

/**
 * A Buffer crosses the thread boundary as a plain Uint8Array, which better-sqlite3 does not bind.
 * @param {readonly unknown[]} parameters
 */
function bindable(parameters) {
  return parameters.map((value) =>
    value instanceof Uint8Array && !Buffer.isBuffer(value)
      ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      : value,
  );
}

/**
 * Two processes opening a fresh file at once both switch it to WAL, and SQLite may answer one of them
 * SQLITE_BUSY at once, without waiting in its busy handler; a moment later the switch succeeds.
 */
function switchToWal() {
  const giveUpAt = performance.now() + walSwitchPatienceMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      sqlite.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      const busy = error instanceof SqliteDatabase.SqliteError && error.code === "SQLITE_BUSY";
      if (!busy || performance.now() > giveUpAt) throw error;
      Atomics.wait(pause, 0, 0, 10 + Math.random() * 40);
    }
  }
}

/** @param {unknown} error */
function describeError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  return { name: error.name, message: error.message, ...(code === undefined ? {} : { code }) };
}

port.on(
  "message",
  (/** @type {{ id: number, sql?: string, parameters?: unknown[], close?: true }} */ message) => {
    if (message.close === true) {
      statements.close();
      port.close();
      return;
    }
    try {
      const statement = statements.prepare(message.sql ?? "");
      const parameters = bindable(message.parameters ?? []);
      if (statement.reader) {
        port.postMessage({ id: message.id, rows: statement.all(parameters) });
      } else {
        const { changes, lastInsertRowid } = statement.run(parameters);
        port.postMessage({ id: message.id, rows: [], changes, lastInsertRowid: BigInt(lastInsertRowid) });
      }
    } catch (error) {
      port.postMessage({ id: message.id, error: describeError(error) });
    }
  },
);
port.postMessage({ ready: true });
