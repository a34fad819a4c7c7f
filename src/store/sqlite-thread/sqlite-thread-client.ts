// The bot's side of one SQLite connection living in a worker thread (sqlite-thread.js): statements go over as
// messages and their answers come back as promises, so the event loop never waits for SQLite.
import { Worker } from "node:worker_threads";

export interface ThreadOptions {
  readonly filename: string;
  readonly readonly: boolean;
  readonly busyTimeoutMs: number;
}

export interface StatementResult {
  readonly rows: unknown[];
  readonly changes?: number;
  readonly lastInsertRowid?: bigint;
}

/** A database error from the thread: name and code as better-sqlite3 gave them (`SqliteError`, `SQLITE_BUSY`). */
export class SqliteThreadError extends Error {
  readonly code: string | undefined;
  constructor(described: { name: string; message: string; code?: string }) {
    super(described.message);
    this.name = described.name;
    this.code = described.code;
  }
}

type Answer =
  | { readonly ready: true }
  | { readonly id: number; readonly error: { name: string; message: string; code?: string } }
  | ({ readonly id: number } & StatementResult);

interface Pending {
  readonly resolve: (result: StatementResult) => void;
  readonly reject: (error: Error) => void;
}

const threadEntry = new URL("./sqlite-thread.js", import.meta.url);

export class SqliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  /** Set once the thread is gone: every later statement fails with it. */
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (answer: Answer) => {
      this.#answer(answer);
    });
    worker.on("error", (error) => {
      this.#fail(error);
    });
    worker.on("exit", (code) => {
      this.#fail(new Error(`The SQLite thread stopped (exit code ${String(code)})`));
    });
  }

  /** Resolves once the connection is open (WAL switched, pragmas set); rejects with the reason it is not. */
  static async open(options: ThreadOptions): Promise<SqliteThread> {
    const worker = new Worker(threadEntry, { workerData: options });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (answer: Answer): void => {
        if (!("ready" in answer)) return;
        worker.off("error", onError);
        resolve();
      };
      const onError = (error: Error): void => {
        worker.off("message", onMessage);
        reject(error);
      };
      worker.once("message", onMessage);
      worker.once("error", onError);
    });
    worker.unref();
    return new SqliteThread(worker);
  }

  run(sql: string, parameters: readonly unknown[]): Promise<StatementResult> {
    if (this.#gone !== undefined) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // Held only while a statement is out, so a store nobody closed never keeps the process alive.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, sql, parameters });
    });
  }

  /** Closes the connection after the statements already sent, then ends the thread. */
  async close(): Promise<void> {
    if (this.#gone !== undefined) return;
    const exited = new Promise((resolve) => this.#worker.once("exit", resolve));
    this.#worker.ref();
    this.#worker.postMessage({ id: -1, close: true });
    await exited;
  }

  #answer(answer: Answer): void {
    if ("ready" in answer) return;
    const pending = this.#pending.get(answer.id);
    if (pending === undefined) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ("error" in answer) pending.reject(new SqliteThreadError(answer.error));
    else pending.resolve(answer);
  }

  #fail(error: Error): void {
    this.#gone ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
