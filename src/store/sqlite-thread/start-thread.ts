// Starting an SQLite connection's thread (sqlite-thread-client.ts) with the process's Node flags, less those
// a Worker cannot take: the module loaders, which the thread does without, and the flags for the whole process.
import { Worker } from "node:worker_threads";
import type { ThreadOptions } from "./sqlite-thread-client.js";

/**
 * A Worker refuses the flags that hold for the whole process, V8's (`--max-old-space-size`, which operators
 * pass to `node`) and the process's own (`--title`): started with them it throws, naming them (Node names
 * those it met before the first it could not read, so it may take more than one try). They already apply to
 * this thread or cannot, so it is started again without them.
 */
export function startThread(entry: URL, options: ThreadOptions, flags: readonly string[]): Worker {
  let kept = [...flags];
  for (;;) {
    try {
      return new Worker(entry, { workerData: options, execArgv: kept });
    } catch (error) {
      const refused = refusedFlagsOf(error);
      const fewer = refused === undefined ? kept : withoutFlagsWhere(kept, (flag) => refused.has(flag));
      if (fewer.length === kept.length) throw error;
      kept = fewer;
    }
  }
}

/** The flags a Worker refused, which Node names after its message's colon, comma-separated. */
function refusedFlagsOf(error: unknown): ReadonlySet<string> | undefined {
  if (!(error instanceof Error) || !("code" in error) || error.code !== "ERR_WORKER_INVALID_EXEC_ARGV")
    return undefined;
  return new Set(error.message.slice(error.message.indexOf(": ") + 2).split(", "));
}

/** The parent's Node flags less `--import`/`--loader`/`--require` and their values (profiling flags stay). */
export function withoutLoaders(flags: readonly string[]): string[] {
  return withoutFlagsWhere(flags, (flag) =>
    /^(--(import|loader|experimental-loader|require)(=.*)?|-r)$/.test(flag),
  );
}

/**
 * `flags` less those `drop` picks, each with its value when given apart (`--title bot`, `--import tsx`): left
 * behind, the value would end the thread's flags, and those after it would be lost.
 */
function withoutFlagsWhere(flags: readonly string[], drop: (flag: string) => boolean): string[] {
  const kept: string[] = [];
  for (let index = 0; index < flags.length; index += 1) {
    const flag = flags[index] ?? "";
    if (!drop(flag)) kept.push(flag);
    else if (!flag.includes("=") && !(flags[index + 1] ?? "-").startsWith("-")) index += 1;
  }
  return kept;
}
