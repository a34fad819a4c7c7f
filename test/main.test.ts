import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/main.ts"],
      { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 15_000 },
      (error, _stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stderr });
      },
    );
  });
}

describe("npm start", () => {
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
});
