// @ts-check
// One SQLite connection, run in a worker thread so that no statement, busy wait or fsync ever blocks the bot's
// event loop (docs/architecture.md, "The core"). Plain JavaScript because Node 20 loads a worker's entry
// without the TypeScript loader the bot runs under. It answers one message at a time, in order:
// `{ id, sql, parameters }` → `{ id, rows, changes, lastInsertRowid }` or `{ id, error }`; and, when the
// writer was opened with the bot's batched writes (write-batcher.ts), `{ id, batch: [{ name, args }] }` →
// `{ id, outcomes }`: a whole group commit run here, with no message per statement; batches that queued behind
// one share the next commit, each still answered on its own, the first also with the transactions that
// committed (`commits: [{ seconds, writes }]`: one for the group, or, when a write threw and each was retried
// alone, one per write that committed; none when the group was refused whole). `{ close: true }` closes the
// connection and ends the thread; with `keep` the thread answers `{ closed: true }` and waits for
// `{ reopen: options }`, the next store's connection, which it answers `{ ready: true, writes }` as a new
// thread does (sqlite-thread-client.ts).
import { Buffer } from "node:buffer";
import { performance } from "node:perf_hooks";
import { nextTick } from "node:process";
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import SqliteDatabase from "better-sqlite3";
import { cacheStatements } from "./statement-cache.js";
import { describeError, loadBatchedWrites, runBatch } from "./thread-batch.js";

/**
 * @typedef {object} ThreadOptions
 * @property {string} filename      a file path, or ":memory:"
 * @property {boolean} readonly     a reader: opened read-only, so a write sent here by mistake fails loudly
 * @property {number} busyTimeoutMs how long a statement waits for another connection's lock
 * @property {string} [writesModule] the URL of a module exporting `batchedWrites`, run here by name
 * @property {number} [maxPageCount] the most pages the file may grow to through this connection
 */

/** How long two processes opening one fresh file may keep each other from switching it to WAL. */
const walSwitchPatienceMs = 5000;

if (parentPort === null) throw new Error("sqlite-thread.js runs as a worker thread");
const port = parentPort;

/** The connection's settings: workerData's for a new thread, a `reopen` message's for a reused one. */
let options = /** @type {ThreadOptions} */ (workerData);
/** @type {SqliteDatabase.Database} */
let sqlite;
/** @type {ReturnType<typeof cacheStatements>} */
let statements;
/** @type {import("./thread-batch.js").Writes | undefined} */
let writes;
/** The busy timeout the connection has now: options.busyTimeoutMs, or less for a write that queued long. */
let busyTimeoutNow = 0;

/**
 * Opens the connection `next` describes, with the bot's pragmas and its batched writes; a thread whose store
 * was closed opens the next store's connection here instead of a new thread starting (sqlite-thread-client.ts).
 * @param {ThreadOptions} next
 */
async function openConnection(next) {
  options = next;
  sqlite = new SqliteDatabase(options.filename, { readonly: options.readonly });
  if (options.filename !== ":memory:" && !options.readonly) switchToWal();
  // A webhook is acknowledged only after its commit reached the disk (docs/architecture.md, "Webhooks in").
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma(`busy_timeout = ${String(options.busyTimeoutMs)}`);
  busyTimeoutNow = options.busyTimeoutMs;
  sqlite.pragma("foreign_keys = ON");
  // SQLITE_MAX_SIZE_MB (README.md, "Settings"): past it a write fails with SQLITE_FULL, as on a full disk.
  if (options.maxPageCount !== undefined) sqlite.pragma(`max_page_count = ${String(options.maxPageCount)}`);
  statements = cacheStatements(sqlite);
  writes =
    options.writesModule === undefined
      ? undefined
      : await loadBatchedWrites(options.writesModule, statements);
  port.postMessage({ ready: true, writes: writes === undefined ? [] : [...writes.keys()] });
}

/**
 * A Buffer crosses the thread boundary as a plain Uint8Array; it is bound as a Buffer again, as it was sent.
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

/** How long a write may queue here and still wait the whole busy timeout for the lock (see waitForLockUntil). */
const queuedSlackMs = 250;

/**
 * A write waits for another process's lock until `lockWaitEnds` (a `Date.now()` time, busyTimeoutMs after the
 * bot asked for it), not busyTimeoutMs from when its turn came here: behind writes that each waited the whole
 * timeout, it would otherwise wait for all of theirs as well, and a webhook for its 503 far past 5 s. One that
 * queued less than `queuedSlackMs` keeps the whole timeout, so a write that did not queue sets nothing.
 * @param {number | undefined} lockWaitEnds
 */
function waitForLockUntil(lockWaitEnds) {
  const left = lockWaitEnds === undefined ? options.busyTimeoutMs : Math.ceil(lockWaitEnds - Date.now());
  const wanted = left > options.busyTimeoutMs - queuedSlackMs ? options.busyTimeoutMs : Math.max(0, left);
  if (wanted === busyTimeoutNow) return;
  sqlite.pragma(`busy_timeout = ${String(wanted)}`);
  busyTimeoutNow = wanted;
}

/** @param {{ id: number, sql?: string, parameters?: unknown[], lockWaitEnds?: number }} message */
function runStatement(message) {
  try {
    waitForLockUntil(message.lockWaitEnds);
    const statement = statements.prepare(message.sql ?? "");
    const parameters = bindable(message.parameters ?? []);
    if (statement.reader) return { id: message.id, rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { id: message.id, rows: [], changes, lastInsertRowid: BigInt(lastInsertRowid) };
  } catch (error) {
    return { id: message.id, error: describeError(error) };
  }
}

/**
 * `close`: the connection is closed, and the thread ends, or with `keep` waits for a `reopen` (the options of
 * the next connection) and answers `closed` first.
 * @typedef {{ id: number, sql?: string, parameters?: unknown[], lockWaitEnds?: number, batch?: NamedWrite[], close?: true, keep?: boolean, reopen?: ThreadOptions }} Message
 */
/** @typedef {{ name: string, args: unknown }} NamedWrite */

/**
 * The most writes batches merged into one transaction hold, as one batch of the bot's does (write-batcher.ts):
 * it bounds how long the write lock is held.
 */
const maxMergedWrites = 128;

/**
 * The messages received and not yet handled, in the order sent; they are handled one after another.
 * @type {Message[]}
 */
const queue = [];
let draining = false;

port.on("message", (/** @type {Message} */ message) => {
  queue.push(message);
  if (!draining)
    drain().catch((/** @type {unknown} */ error) => {
      // Thrown outside the promise: the thread ends and its opener gets the error (a connection not opened).
      nextTick(() => {
        throw error;
      });
    });
});

async function drain() {
  draining = true;
  for (let message = nextMessage(); message !== undefined; message = nextMessage()) {
    // A connection that cannot be opened ends the thread, with the error its opener is told (an `error` event).
    if (message.reopen !== undefined) await openConnection(message.reopen);
    else if (message.batch === undefined) handle(message);
    else await commitBatches(withQueuedBatches(message));
    if (message.close === true) break;
  }
  draining = false;
}

/** The next message, after taking in every one the port holds: a commit running here holds them back. */
function nextMessage() {
  for (
    let received = receiveMessageOnPort(port);
    received !== undefined;
    received = receiveMessageOnPort(port)
  )
    queue.push(/** @type {Message} */ (received.message));
  return queue.shift();
}

/**
 * `first` and the batches queued right behind it: the bot sends each turn's writes without waiting for the
 * commit before, and the batches that queued while it ran share the next commit and its fsync. A batch asked
 * for much later than `first` is left for a commit of its own: the group waits for the lock only as long as
 * `first` may (waitForLockUntil), which would fail the later one long before its own 5 s were up.
 * @param {Message} first
 */
function withQueuedBatches(first) {
  const merged = [first];
  let writes = first.batch?.length ?? 0;
  for (let next = queue[0]; next?.batch !== undefined; next = queue[0]) {
    if (writes + next.batch.length > maxMergedWrites || askedMuchLater(next, first)) break;
    writes += next.batch.length;
    merged.push(next);
    queue.shift();
  }
  return merged;
}

/**
 * Whether `later`'s wait for the lock ends more than `queuedSlackMs` after `first`'s.
 * @param {Message} later
 * @param {Message} first
 */
function askedMuchLater(later, first) {
  if (later.lockWaitEnds === undefined || first.lockWaitEnds === undefined) return false;
  return later.lockWaitEnds - first.lockWaitEnds > queuedSlackMs;
}

/**
 * Batches as one group commit, each answered with the outcomes of its own writes.
 * @param {readonly Message[]} messages
 */
async function commitBatches(messages) {
  /** @type {import("./thread-listeners.js").GroupCommit[]} */
  const commits = [];
  /** @type {import("./thread-batch.js").Outcome[]} */
  let outcomes;
  try {
    // The first batch asked first, the others at most queuedSlackMs after it (withQueuedBatches): the group
    // waits for the lock no longer than the first may.
    waitForLockUntil(messages[0]?.lockWaitEnds);
    outcomes = await runBatch(
      sqlite,
      writes,
      messages.flatMap((message) => message.batch ?? []),
      (commit) => commits.push(commit),
    );
  } catch (error) {
    // A retry that committed before the failure is still told, with the first batch's answer.
    for (const [index, { id }] of messages.entries())
      port.postMessage({ id, error: describeError(error), ...(index === 0 ? { commits } : {}) });
    return;
  }
  // The transactions that committed, told once, with the first batch's answer (the store's metrics).
  let start = 0;
  for (const [index, message] of messages.entries()) {
    const end = start + (message.batch?.length ?? 0);
    const outcomesOfBatch = outcomes.slice(start, end);
    answer(message, { id: message.id, outcomes: outcomesOfBatch, ...(index === 0 ? { commits } : {}) });
    start = end;
  }
}

/**
 * Posts `reply`; one that could not be sent (a result that cannot cross threads) still answers its caller.
 * @param {Message} message
 * @param {object} reply
 */
function answer(message, reply) {
  try {
    port.postMessage(reply);
  } catch (error) {
    // What committed is still told.
    const commits = "commits" in reply ? { commits: reply.commits } : {};
    port.postMessage({ id: message.id, error: describeError(error), ...commits });
  }
}

/** @param {Message} message */
function handle(message) {
  if (message.close === true) {
    statements.close();
    if (message.keep === true) port.postMessage({ closed: true });
    else port.close();
    return;
  }
  answer(message, runStatement(message));
}

await openConnection(options);
