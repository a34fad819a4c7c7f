// The bot's programs (`npm start`, `npm run migrate`, `secrets:reseal`, `commands:deploy`, `discord-proxy`)
// take their settings from the environment (.env.example), never from arguments: `--help` says what the
// program does and runs nothing, and any other argument is refused before anything runs, so a mistyped flag
// never starts a migration or a deploy the operator did not mean.
import { parseArgs } from "node:util";

export interface ProgramHelp {
  /** How the operator runs it: `npm run migrate`. */
  readonly command: string;
  /** One sentence: what it does. */
  readonly does: string;
}

/** "run" when the program takes no arguments; otherwise what to print and the exit code to stop with. */
export function readProgramArguments(
  program: ProgramHelp,
  argv: readonly string[],
): "run" | { readonly print: string; readonly to: "stdout" | "stderr"; readonly exitCode: number } {
  const usage =
    `Usage: ${program.command}\n${program.does}\n` +
    "It takes no arguments: its settings come from the environment (every one is in .env.example).";
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    });
    return values.help === true ? { print: usage, to: "stdout", exitCode: 0 } : "run";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { print: `${program.command}: ${reason}\n${usage}`, to: "stderr", exitCode: 2 };
  }
}

/** Prints help or the refusal and exits, or returns when the program should run. */
export function exitUnlessRunArguments(program: ProgramHelp, argv = process.argv.slice(2)): void {
  const read = readProgramArguments(program, argv);
  if (read === "run") return;
  (read.to === "stdout" ? console.log : console.error)(read.print);
  process.exit(read.exitCode);
}
