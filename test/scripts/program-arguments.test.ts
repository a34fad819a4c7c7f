// The operator's programs answer `--help` and refuse any other argument before they read a setting or do
// anything (src/config/command-line.ts); `npm start` and `npm run migrate` are checked in their own tests.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A database no run may open: a program that went past its arguments would make this file. */
const folder = mkdtempSync(path.join(os.tmpdir(), "program-arguments-"));
const untouched = path.join(folder, "never.sqlite");
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

function run(script: string, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", script, ...args],
      // No token: a program that read its settings would fail on it, or open the database (secrets:reseal).
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", DATABASE_URL: `file:${untouched}` },
        timeout: 20_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

describe.each([
  ["npm run commands:deploy", "scripts/deploy-commands.ts"],
  ["npm run discord-proxy", "scripts/discord-proxy.ts"],
  ["npm run secrets:reseal", "src/store/reseal-cli.ts"],
])("%s", (command, script) => {
  it("answers --help and refuses an unknown option, reading no setting", async () => {
    const [help, mistyped] = await Promise.all([run(script, ["--help"]), run(script, ["--force"])]);
    expect(help.code).toBe(0);
    expect(help.output).toContain(`Usage: ${command}`);
    expect(mistyped.code).toBe(2);
    expect(mistyped.output).toContain("Unknown option '--force'");
    for (const { output } of [help, mistyped]) expect(output).not.toContain("DISCORD_TOKEN");
    expect(existsSync(untouched)).toBe(false);
  });
});
