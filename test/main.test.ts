import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function runMain(
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/main.ts", ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 15_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("npm start", () => {
  it("answers --help before reading any setting, and refuses an argument it does not take", async () => {
    const [help, mistyped] = await Promise.all([runMain({}, ["--help"]), runMain({}, ["--port=8080"])]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toContain("Usage: npm start");
    expect(help.stdout).toContain(".env.example");
    expect(mistyped.code).toBe(2);
    expect(mistyped.stderr).toContain("Unknown option '--port'");
    expect(mistyped.stderr).not.toContain("DISCORD_TOKEN");
  });

  it("exits non-zero and names every missing required setting when none are set", async () => {
    const { code, stderr } = await runMain({});
    expect(code).toBe(1);
    for (const name of ["DISCORD_TOKEN", "DISCORD_APPLICATION_ID", "PLATFORM_API_URL"])
      expect(stderr).toContain(name);
  });

  it("reports malformed values alongside missing ones, without echoing the token", async () => {
    const { code, stderr } = await runMain({ DISCORD_TOKEN: "very-secret-token", PORT: "seventy" });
    expect(code).toBe(1);
    expect(stderr).toContain("PORT");
    expect(stderr).toContain("DISCORD_APPLICATION_ID");
    expect(stderr).not.toContain("very-secret-token");
  });

  it("lists a malformed ENCRYPTION_KEYS among the settings, with no stack trace and no key", async () => {
    const shortKey = Buffer.from("sixteen-byte-key").toString("base64");
    const { code, stderr } = await runMain({
      DISCORD_TOKEN: "very-secret-token",
      DISCORD_APPLICATION_ID: "123456789012345678",
      PLATFORM_API_URL: "http://127.0.0.1:4010/v1",
      DATABASE_URL: ":memory:",
      ENCRYPTION_KEYS: `k1:${shortKey}`,
      PORT: "seventy",
    });
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid settings:");
    expect(stderr).toContain('ENCRYPTION_KEYS: entry 1 (kid "k1"): the key must decode to 32 bytes, got 16');
    expect(stderr).toContain("PORT");
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toContain(shortKey);
  });

  it("lists a DATABASE_URL with no file among the settings, with no stack trace", async () => {
    const { code, stderr } = await runMain({
      DISCORD_TOKEN: "very-secret-token",
      DISCORD_APPLICATION_ID: "123456789012345678",
      PLATFORM_API_URL: "http://127.0.0.1:4010/v1",
      DATABASE_URL: "file:",
    });
    expect(code).toBe(1);
    expect(stderr).toContain("Invalid settings:");
    expect(stderr).toContain("DATABASE_URL: file: needs the SQLite file's path");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
