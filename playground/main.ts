// `npm run playground [-- [--terminal] [--http] [--port=N] [--open] [script.txt]]`: the whole bot locally
// with no settings, shown in a page (web/run-web-playground.ts) or at a text prompt (run-playground.ts).
import { createReadStream } from "node:fs";
import { playgroundUsage, readPlaygroundArguments } from "./read-playground-arguments.js";
import { runPlayground } from "./run-playground.js";
import { runWebPlayground } from "./web/run-web-playground.js";

const args = readPlaygroundArguments(process.argv.slice(2));
if (args === undefined) {
  console.error(playgroundUsage);
  process.exit(2);
}
const { scriptPath, interactionsMode } = args;

const running =
  args.view === "web"
    ? runWebPlayground(
        { interactionsMode, open: args.open, ...(args.port === undefined ? {} : { port: args.port }) },
        (text) => {
          console.log(text);
        },
      )
    : runPlayground({
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
