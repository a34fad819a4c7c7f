// A bot as its own process, so a test can SIGKILL it mid-work and start it again. It runs this run's built
// sources (test/support/built-sources.ts): `src/main.ts` as the bundle `npm run start:built` runs.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inject } from "vitest";
import { waitUntil } from "./wait-until.js";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * `entry` (a source file relative to the repo root, e.g. `src/main.ts`) as this run built it; `src/main.ts`
 * is the build's bundle, as `npm run start:built` runs it (build-bundle.ts).
 */
export function builtEntry(entry: string): string {
  const folder = inject("builtSourcesFolder");
  if (entry === "src/main.ts") return path.join(folder, "main.js");
  return path.join(folder, entry.replace(/\.ts$/, ".js"));
}

/**
 * The bot's batched writes as this run built them, for `batchedWritesModule`: the SQLite writer's thread then
 * imports plain JavaScript instead of registering tsx and compiling the sources (test/support/built-sources.ts).
 */
export function builtBatchedWritesModule(): string {
  return pathToFileURL(builtEntry("src/bot/batched-writes.ts")).href;
}

export interface BotProcess {
  readonly child: ChildProcess;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** The end of that, for failure messages. */
  outputTail(): string;
  /** SIGKILL: no shutdown hook runs. Resolves once the process is gone. */
  kill(): Promise<void>;
}

/**
 * Starts `entry` (relative to the repo root) with only `env` and PATH, so the parent's settings never leak in;
 * as another user when `as` says so (a test run as root starts a bot that file permissions bind). Without
 * `--enable-source-maps`, as `npm run start:built` runs: with it, the first stack printed from the bundle (a
 * worker's failed write logged while another process holds the lock) parsed the bundle's source map on the
 * event loop, which the write-lock test measured as a loop held for 0.35 s beside four spinning processes,
 * and which likely made most of the 1,038 ms one whole run saw (docs/operations.md, "5. Start it").
 */
export function spawnBot(
  entry: string,
  env: Readonly<Record<string, string>>,
  as?: { readonly uid: number; readonly gid: number },
): BotProcess {
  const child = spawn(process.execPath, [builtEntry(entry)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...as,
  });
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => chunks.push(chunk.toString("utf8"));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return {
    child,
    output: () => chunks.join(""),
    outputTail: () => chunks.join("").slice(-4000),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Waits until `GET /readyz` answers 200; fails at once, with its output, if the process exits first. The bound
 * is for a start that hangs: a start took past 20 s on a 2-core machine running five test files at once
 * (the suite runs three).
 */
export async function waitForReady(bot: BotProcess, baseUrl: string, timeoutMs = 45_000): Promise<void> {
  await waitUntil(
    async () => {
      if (bot.child.exitCode !== null) {
        throw new Error(`the bot exited with ${bot.child.exitCode}:\n${bot.outputTail()}`);
      }
      const response = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
      return response?.status === 200;
    },
    { timeoutMs, what: `${baseUrl}/readyz to answer 200` },
  );
}
