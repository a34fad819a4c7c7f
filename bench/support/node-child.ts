// A program of the repo in its own Node process (`node --import tsx <entry>`), as `npm start` runs the bot: a
// benchmark that runs its fakes in-process measures the program with none of their CPU work on its event loop.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface NodeChildOptions {
  /** The whole environment of the child besides PATH, so the bench's own settings never leak in. */
  readonly env?: Readonly<Record<string, string>>;
  readonly args?: readonly string[];
  /** Flags for node itself, e.g. `--cpu-prof`. */
  readonly nodeFlags?: readonly string[];
}

export interface NodeChild {
  readonly process: ChildProcess;
  /** The tail of what it wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** Resolves with the first IPC message; fails with the output if the child exits first. */
  nextMessage<T>(timeoutMs: number): Promise<T>;
  /** Polls `GET url` until it answers 200; fails with the output if the child exits first. */
  waitForOk(url: string, timeoutMs: number): Promise<void>;
  /** SIGTERM, so the program shuts down (and writes a CPU profile); SIGKILL if it is not gone in `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts `entry` (relative to the repo root) under tsx, with an IPC channel. */
export function spawnNodeChild(entry: string, options: NodeChildOptions = {}): NodeChild {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), "--import", "tsx", entry, ...(options.args ?? [])],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", ...options.env },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => chunks.push(chunk.toString("utf8"));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => chunks.join("").slice(-4000);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const exitError = () => new Error(`${entry} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);

  return {
    process: child,
    output,
    async nextMessage<T>(timeoutMs: number) {
      const abort = new AbortController();
      try {
        return await Promise.race([
          once(child, "message", { signal: abort.signal }).then(([message]) => message as T),
          once(child, "exit", { signal: abort.signal }).then(() => Promise.reject(exitError())),
          sleep(timeoutMs, undefined, { signal: abort.signal }).then(() =>
            Promise.reject(new Error(`${entry} sent nothing in ${timeoutMs} ms:\n${output()}`)),
          ),
        ]);
      } finally {
        abort.abort();
      }
    },
    async waitForOk(url: string, timeoutMs: number) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        if (exited()) throw exitError();
        const response = await fetch(url).catch(() => undefined);
        if (response?.status === 200) return;
        await sleep(100);
      }
      throw new Error(`${url} did not answer 200 in ${timeoutMs} ms:\n${output()}`);
    },
    async stop(graceMs = 10_000) {
      if (exited()) return;
      const gone = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
}
