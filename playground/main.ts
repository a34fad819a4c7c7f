// `npm run playground [-- [--terminal] [--http] [--port=N] [--open] [script.txt]]`: the whole bot locally
// with no settings, shown in a page (web/run-web-playground.ts) or at a text prompt (run-playground.ts).
import { createReadStream, statSync } from "node:fs";
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
    console.error(error);
    process.exit(1);
  },
);

/** Why the script at `path` cannot be run, or undefined when it is a file. */
function readScriptProblem(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? undefined : "it is a folder, not a file";
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "there is no such file" : (code ?? String(error));
  }
}
