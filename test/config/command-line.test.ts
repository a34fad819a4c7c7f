// The programs' arguments (src/config/command-line.ts): none are taken, `--help` is answered and anything
// else is refused with the usage, so a mistyped flag never runs a migration or a deploy.
import { describe, expect, it } from "vitest";
import { readProgramArguments } from "../../src/config/command-line.js";

const program = { command: "npm run migrate", does: "Brings the database up to date." };

describe("a program's arguments", () => {
  it("runs with none", () => {
    expect(readProgramArguments(program, [])).toBe("run");
  });

  it.each([["--help"], ["-h"]])("answers %s with the usage on stdout and exit code 0", (flag) => {
    expect(readProgramArguments(program, [flag])).toEqual({
      print:
        "Usage: npm run migrate\nBrings the database up to date.\n" +
        "It takes no arguments: its settings come from the environment (every one is in .env.example).",
      to: "stdout",
      exitCode: 0,
    });
  });

  it.each([
    [["--dry-run"], "Unknown option '--dry-run'"],
    [["up"], "Unexpected argument 'up'"],
    [["--help=yes"], "does not take an argument"],
    [["--help", "now"], "Unexpected argument 'now'"],
  ])("refuses %j on stderr with exit code 2, naming it, then the usage", (args, named) => {
    const read = readProgramArguments(program, args);
    expect(read).toMatchObject({ to: "stderr", exitCode: 2 });
    const { print } = read as Exclude<typeof read, "run">;
    expect(print).toMatch(/^npm run migrate: /);
    expect(print).toContain(named);
    expect(print).toContain("Usage: npm run migrate");
  });
});
