// `npm run migrate` as an operator runs it: a child process reading DATABASE_URL.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "../../src/store/create-db.js";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../../src/store/migrate-cli.ts", import.meta.url));

async function migrate(
  databaseUrl: string,
  nodeFlags: readonly string[] = [],
  args: readonly string[] = [],
): Promise<{ code: number; output: string }> {
  const env = { PATH: process.env.PATH, NODE_ENV: "test", LOG_LEVEL: "info", DATABASE_URL: databaseUrl };
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [...nodeFlags, "--import", "tsx", script, ...args],
      {
        env,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Each case starts Node with tsx (about a second), so there are only the cases a unit test cannot show.
describe("npm run migrate", () => {
  it("migrates the database named by DATABASE_URL, then finds it up to date", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "migrate-cli-"));
    onTestFinished(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    const url = `file:${path.join(folder, "data", "bot.sqlite")}`;
    const first = await migrate(url);
    expect(first.code).toBe(0);
    expect(first.output).toContain("Database migrated");
    const second = await migrate(url);
    expect(second.output).toContain("Database schema is up to date");

    const store = await createDb(url);
    const tables = await store.db.introspection.getTables();
    await store.close();
    expect(tables.map((table) => table.name)).toContain("outbox");
  });

  // A Worker refuses these flags, and the SQLite connection lives in one (src/store/sqlite-thread/).
  it("migrates when Node was started with flags for the whole process, V8's and the process's own", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "migrate-cli-"));
    onTestFinished(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    // `--title` with its value apart, before a V8 flag: Node names the refused ones a few at a time.
    const result = await migrate(`file:${path.join(folder, "bot.sqlite")}`, [
      "--title",
      "arena-migrate",
      "--max-old-space-size=256",
    ]);
    expect(result.output).toContain("Database migrated");
    expect(result.code).toBe(0);
  });

  it("answers --help, and refuses any other argument, without opening the database", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "migrate-cli-"));
    onTestFinished(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    const file = path.join(folder, "bot.sqlite");
    const [help, mistyped] = await Promise.all([
      migrate(`file:${file}`, [], ["--help"]),
      migrate(`file:${file}`, [], ["--dry-run"]),
    ]);
    expect(help).toMatchObject({ code: 0 });
    expect(help.output).toContain("Usage: npm run migrate");
    expect(help.output).not.toContain("Database migrated");
    expect(mistyped).toMatchObject({ code: 2 });
    expect(mistyped.output).toContain("Unknown option '--dry-run'");
    expect(existsSync(file)).toBe(false);
  });

  it("exits non-zero, without printing the password, when the database cannot be reached", async () => {
    const result = await migrate("postgres://bot:hunter2-secret@127.0.0.1:1/none");
    expect(result.code).toBe(1);
    expect(result.output).toContain("Could not connect to PostgreSQL");
    expect(result.output).not.toContain("hunter2");
  });
});
