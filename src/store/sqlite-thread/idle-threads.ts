// The SQLite threads of closed stores, kept for the next store the process opens (sqlite-thread-client.ts).
import type { Worker } from "node:worker_threads";

/**
 * Threads whose store was closed, each waiting to open the next store's connection. A new thread costs a
 * JavaScript runtime of its own and, for a writer, Kysely and the bot's batched writes loaded into it (about
 * half a second on a 2-core machine); a process that opens stores one after another, as a test runner does,
 * opens each on a thread an earlier one left. They never keep the process alive.
 */
const idleThreads: IdleThread[] = [];

export interface IdleThread {
  readonly worker: Worker;
  /** The batched writes modules the thread has imported, which open again at no cost there. */
  readonly writesModules: ReadonlySet<string>;
  readonly forget: () => void;
}

/** The idle thread that imported `writesModule` already, or any other. */
export function takeIdleThread(writesModule: string | undefined): IdleThread | undefined {
  const loaded = idleThreads.findLastIndex(
    (idle) => writesModule !== undefined && idle.writesModules.has(writesModule),
  );
  const idle = idleThreads.splice(loaded === -1 ? idleThreads.length - 1 : loaded, 1)[0];
  idle?.worker.off("exit", idle.forget);
  idle?.worker.off("error", idle.forget);
  return idle;
}

/** Whether a closing store's thread should be kept: fewer than maxIdleThreads wait already. */
export function idleThreadWanted(): boolean {
  return idleThreads.length < maxIdleThreads;
}

/**
 * Keeps `worker`, whose connection is closed, for the next store; ends it when enough wait already. A thread
 * that ends or fails while it waits (killed, out of memory) is not handed out, and its error is not thrown at
 * the bot.
 */
export async function keepIdle(worker: Worker, writesModules: ReadonlySet<string>): Promise<void> {
  worker.unref();
  if (!idleThreadWanted()) {
    await worker.terminate();
    return;
  }
  const forget = (): void => {
    const index = idleThreads.findIndex((idle) => idle.worker === worker);
    if (index !== -1) idleThreads.splice(index, 1);
  };
  worker.once("exit", forget);
  worker.on("error", forget);
  idleThreads.push({ worker, writesModules, forget });
}

export const maxIdleThreads = 4;
