// `npm run playground [-- [--terminal] [--http] [--port=N] [--open] [script.txt]]`: the whole bot locally
// with no settings, shown in a page (web/run-web-playground.ts) or at a text prompt (run-playground.ts).
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:net";
import { playgroundUsage, readPlaygroundArguments } from "./read-playground-arguments.js";

// The bot, the sandbox and the fake Discord are imported only once the arguments are read: `--help` and a
// mistyped script are answered at once, not after the whole module graph has loaded through tsx.

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(playgroundUsage);
  process.exit(0);
}
const args = readPlaygroundArguments(argv);
if (args === undefined) {
  console.error(playgroundUsage);
  process.exit(2);
}
const { scriptPath, interactionsMode } = args;
// Checked before anything starts: a mistyped name is said in one line, not as a stream's stack trace.
const scriptProblem = scriptPath === undefined ? undefined : readScriptProblem(scriptPath);
if (scriptProblem !== undefined) {
  console.error(`Cannot read the script ${scriptPath ?? ""}: ${scriptProblem}.`);
  process.exit(2);
}

// The page's port, when one is asked for, is tried before the stack starts: taken, it is said in one line.
if (args.view === "web" && args.port !== undefined && (await isPortTaken(args.port))) {
  console.error(portTaken(args.port));
  process.exit(2);
}

const running =
  args.view === "web"
    ? (await import("./web/run-web-playground.js")).runWebPlayground(
        { interactionsMode, open: args.open, ...(args.port === undefined ? {} : { port: args.port }) },
        (text) => {
          console.log(text);
        },
      )
    : (await import("./run-playground.js")).runPlayground({
        input: scriptPath === undefined ? process.stdin : createReadStream(scriptPath, "utf8"),
        output: process.stdout,
        interactive: scriptPath === undefined && process.stdin.isTTY,
        interactionsMode,
      });

running.then(
  () => {
    process.exit(0);
  },
  (error: unknown) => {
    // Taken by another program after the check above, while the stack started.
    if (args.port !== undefined && (error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      console.error(portTaken(args.port));
    } else console.error(error);
    process.exit(1);
  },
);

function portTaken(port: number): string {
  return `Port ${String(port)} is in use: choose another with --port=N, or leave --port out for a free one.`;
}

/** Whether a program already listens on 127.0.0.1:`port`, where the page would. */
function isPortTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      resolve(error.code === "EADDRINUSE");
    });
    probe.listen({ host: "127.0.0.1", port }, () => {
      probe.close(() => {
        resolve(false);
      });
    });
  });
}

/** Why the script at `path` cannot be run, or undefined when it is a file. */
function readScriptProblem(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? undefined : "it is a folder, not a file";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "there is no such file" : (code ?? String(error));
  }
}
