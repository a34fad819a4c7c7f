// `npm run playground [-- [--http] [script.txt]]`: the whole bot locally with no settings (see
// run-playground.ts).
import { createReadStream } from "node:fs";
import { playgroundUsage, readPlaygroundArguments } from "./read-playground-arguments.js";
import { runPlayground } from "./run-playground.js";

const args = readPlaygroundArguments(process.argv.slice(2));
if (args === undefined) {
  console.error(playgroundUsage);
  process.exit(2);
}
const { scriptPath, interactionsMode } = args;
const input = scriptPath === undefined ? process.stdin : createReadStream(scriptPath, "utf8");
const interactive = scriptPath === undefined && process.stdin.isTTY;

runPlayground({ input, output: process.stdout, interactive, interactionsMode }).then(
  () => {
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
