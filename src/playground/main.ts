// `npm run playground [-- script.txt]`: the whole bot locally with no settings (see run-playground.ts).
import { createReadStream } from "node:fs";
import { runPlayground } from "./run-playground.js";

const scriptPath = process.argv[2];
const input = scriptPath === undefined ? process.stdin : createReadStream(scriptPath, "utf8");
const interactive = scriptPath === undefined && process.stdin.isTTY;

runPlayground({ input, output: process.stdout, interactive }).then(
  () => {
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
