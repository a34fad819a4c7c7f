// The bot's side of one SQLite connection living in a worker thread (sqlite-thread.js): statements go over as
// messages and their answers come back as promises, so the event loop never waits for SQLite.
import type { Worker } from "node:worker_threads";
import { idleThreadWanted, keepIdle, takeIdleThread } from "./idle-threads.js";
import { startThread, withoutLoaders } from "./start-thread.js";
import type { GroupCommit, ThreadListeners } from "./thread-listeners.js";

export interface ThreadOptions {
  readonly filename: string;
  readonly readonly: boolean;
  readonly busyTimeoutMs: number;
  /** The URL of a module exporting `batchedWrites` (write-batcher.ts), which the thread then runs by name. */
  readonly writesModule?: string;
  /** The most pages the file may grow to through this connection (PRAGMA max_page_count). */
  readonly maxPageCount?: number;
}

/** One write of a batch, as the thread runs it: the write's name and its (cloneable) arguments. */
export interface NamedWrite {
  readonly name: string;
  readonly args: unknown;
}

type DescribedError = { name: string; message: string; code?: string };

export type WriteOutcome = { ok: true; result: unknown } | { ok: false; error: Error };

export interface StatementResult {
  readonly rows: unknown[];
  readonly changes?: number;
  readonly lastInsertRowid?: bigint;
}

/** A database error from the thread: name and code as better-sqlite3 gave them (`SqliteError`, `SQLITE_BUSY`). */
export class SqliteThreadError extends Error {
  readonly code: string | undefined;
  constructor(described: DescribedError) {
    super(described.message);
    this.name = described.name;
    this.code = described.code;
  }
}

type Answer =
  | { readonly ready: true; readonly writes: readonly string[] }
  | { readonly closed: true }
  | { readonly id: number; readonly error: DescribedError; readonly commits?: readonly GroupCommit[] }
  | {
      readonly id: number;
      readonly outcomes: readonly ({ ok: true; result: unknown } | { ok: false; error: DescribedError })[];
      /** On the answer of the first batch of the group only, so that each commit is told once. */
      readonly commits?: readonly GroupCommit[];
    }
  | ({ readonly id: number } & StatementResult);

interface Pending {
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: Error) => void;
}

const threadEntry = new URL("./sqlite-thread.js", import.meta.url);

/** A thread that ended before it answered `ready`, with no error of its own. */
class ThreadEndedError extends Error {
  constructor(code: number) {
    super(`The SQLite thread stopped before its connection opened (exit code ${String(code)})`);
    this.name = "ThreadEndedError";
  }
}

export class SqliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  /** Set once the thread is gone: every later statement fails with it. */
  #gone: Error | undefined;
  /** Set by close(); once it is under way the thread keeps the process alive until it is closed. */
  #closed: Promise<void> | undefined;

  /** The names of the batched writes the thread loaded. */
  readonly writes: ReadonlySet<string>;
  /** The store's listeners for the thread's errors and group commits. */
  readonly #storeListeners: ThreadListeners;

  readonly #writesModules: ReadonlySet<string>;
  readonly #listeners: {
    readonly message: (answer: Answer) => void;
    readonly error: (error: Error) => void;
    readonly exit: (code: number) => void;
  };

  private constructor(
    worker: Worker,
    writes: readonly string[],
    writesModules: ReadonlySet<string>,
    storeListeners: ThreadListeners,
  ) {
    this.#worker = worker;
    this.#writesModules = writesModules;
    this.writes = new Set(writes);
    this.#storeListeners = storeListeners;
    this.#listeners = {
      message: (answer) => {
        this.#answer(answer);
      },
      error: (error) => {
        this.#fail(error);
      },
      exit: (code) => {
        this.#fail(
          this.#closed !== undefined
            ? new Error("The SQLite connection is closed")
            : new Error(`The SQLite thread stopped (exit code ${String(code)})`),
        );
      },
    };
    worker.on("message", this.#listeners.message);
    worker.on("error", this.#listeners.error);
    worker.on("exit", this.#listeners.exit);
  }

  /** Resolves once the connection is open (WAL switched, pragmas set); rejects with the reason it is not. */
  static async open(options: ThreadOptions, storeListeners: ThreadListeners = {}): Promise<SqliteThread> {
    const idle = takeIdleThread(options.writesModule);
    if (idle !== undefined) {
      idle.worker.ref();
      idle.worker.postMessage({ reopen: options });
      try {
        return await SqliteThread.#whenReady(idle.worker, idle.writesModules, options, storeListeners);
      } catch (error) {
        // One that ended while it waited, before its exit reached the pool: the store opens on a new thread.
        // A connection the thread could not open fails the store, as on a new thread.
        if (!(error instanceof ThreadEndedError)) throw error;
      }
    }
    // The entry is plain JavaScript: the thread starts without the parent's module loaders (tsx under tests and
    // the playground), which would cost each thread tens of milliseconds; thread-batch.js registers tsx itself
    // when the batched writes are TypeScript sources.
    const worker = startThread(threadEntry, options, withoutLoaders(process.execArgv));
    return SqliteThread.#whenReady(worker, new Set(), options, storeListeners);
  }

  /** The thread, once it answered `ready` for the connection `options` describe. */
  static async #whenReady(
    worker: Worker,
    imported: ReadonlySet<string>,
    options: ThreadOptions,
    storeListeners: ThreadListeners,
  ): Promise<SqliteThread> {
    const writes = await new Promise<readonly string[]>((resolve, reject) => {
      const settle = (): void => {
        worker.off("message", onMessage);
        worker.off("error", onThreadError);
        worker.off("exit", onExit);
      };
      const onMessage = (answer: Answer): void => {
        if (!("ready" in answer)) return;
        settle();
        resolve(answer.writes);
      };
      const onThreadError = (error: Error): void => {
        settle();
        reject(error);
      };
      const onExit = (code: number): void => {
        settle();
        reject(new ThreadEndedError(code));
      };
      worker.on("message", onMessage);
      worker.on("error", onThreadError);
      worker.on("exit", onExit);
    });
    worker.unref();
    const writesModules = new Set(imported);
    if (options.writesModule !== undefined) writesModules.add(options.writesModule);
    return new SqliteThread(worker, writes, writesModules, storeListeners);
  }

  /** The thread's id (worker_threads' threadId): a store opened after another closed may run on its thread. */
  get threadId(): number {
    return this.#worker.threadId;
  }

  /**
   * `lockWaitEnds` (a `Date.now()` time): a write that needs the write lock waits for another process's at most
   * until then, however long it queued here first; without it, for the whole busy timeout once its turn comes.
   */
  async run(sql: string, parameters: readonly unknown[], lockWaitEnds?: number): Promise<StatementResult> {
    const answer = await this.#send({ sql, parameters, lockWaitEnds });
    if ("outcomes" in answer || "ready" in answer) throw new Error("The SQLite thread answered out of turn");
    return answer as StatementResult;
  }

  /** Runs the batch as one group commit in the thread; one outcome per write, in order (`lockWaitEnds`: as run's). */
  async runBatch(batch: readonly NamedWrite[], lockWaitEnds?: number): Promise<WriteOutcome[]> {
    const answer = await this.#send({ batch, lockWaitEnds });
    if (!("outcomes" in answer)) throw new Error("The SQLite thread answered out of turn");
    return answer.outcomes.map((outcome) => {
      if (outcome.ok) return outcome;
      const error = new SqliteThreadError(outcome.error);
      this.#storeListeners.onError?.(error);
      return { ok: false, error };
    });
  }

  #send(message: object): Promise<Answer> {
    if (this.#gone !== undefined) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // Held only while a message is out, so a store nobody closed never keeps the process alive.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }

  /**
   * Closes the connection after the statements already sent; the thread then waits for the next store to open
   * on it, or ends when enough threads wait already. Closing again, or at once twice, is the same close.
   */
  close(): Promise<void> {
    this.#closed ??= this.#close();
    return this.#closed;
  }

  async #close(): Promise<void> {
    if (this.#gone !== undefined) return;
    const worker = this.#worker;
    const keep = idleThreadWanted();
    const listening: { message?: (answer: Answer) => void; exit?: () => void } = {};
    const closed = new Promise<"closed" | "exited">((resolve) => {
      listening.exit = () => {
        resolve("exited");
      };
      listening.message = (answer) => {
        if ("closed" in answer) resolve("closed");
      };
      worker.on("exit", listening.exit);
      worker.on("message", listening.message);
    });
    worker.ref();
    worker.postMessage({ id: -1, close: true, keep });
    const ended = await closed;
    this.#fail(new Error("The SQLite connection is closed"));
    for (const [event, listener] of Object.entries(listening)) worker.off(event, listener);
    worker.off("message", this.#listeners.message);
    worker.off("error", this.#listeners.error);
    worker.off("exit", this.#listeners.exit);
    if (ended === "exited") return;
    await keepIdle(worker, this.#writesModules);
  }

  /** Why the thread is gone, once it is (it crashed, or was closed). */
  get failure(): Error | undefined {
    return this.#gone;
  }

  #answer(answer: Answer): void {
    if ("ready" in answer || "closed" in answer) return;
    if ("commits" in answer) this.#tellCommits(answer.commits);
    const pending = this.#pending.get(answer.id);
    if (pending === undefined) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0 && this.#closed === undefined) this.#worker.unref();
    if ("error" in answer) {
      const error = new SqliteThreadError(answer.error);
      this.#storeListeners.onError?.(error);
      pending.reject(error);
    } else pending.resolve(answer);
  }

  /** A listener that throws must not fail the writes it counts: they are committed. */
  #tellCommits(commits: readonly GroupCommit[]): void {
    for (const commit of commits) {
      try {
        this.#storeListeners.onGroupCommit?.(commit);
      } catch {
        // Counting is all the listener does (the bot's metrics); a count missed is all that is lost.
      }
    }
  }

  #fail(error: Error): void {
    this.#gone ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
