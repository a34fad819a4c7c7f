// `npm run playground -- …` as a newcomer types it: --help answers with the usage and succeeds, and a script
// that cannot be read, or a --port another program holds, is named in one line before anything starts
// (playground/main.ts).
import { execFile } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function runPlaygroundMain(args: readonly string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "playground/main.ts", ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "" }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("npm run playground's command line", () => {
  it("prints the usage for --help and -h, and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const { code, stdout, stderr } = await runPlaygroundMain([flag]);
      expect(stdout).toContain("Usage: npm run playground");
      expect(stderr).toBe("");
      expect(code).toBe(0);
    }
  });

  it("names a script that is not there in one line, before starting anything, and exits 2", async () => {
    const { code, stdout, stderr } = await runPlaygroundMain(["no-such-script.txt"]);
    expect(stderr.trim()).toBe("Cannot read the script no-such-script.txt: there is no such file.");
    expect(stdout).not.toContain("Starting");
    expect(code).toBe(2);
  });

  it("names a folder given as the script", async () => {
    const { code, stderr } = await runPlaygroundMain(["playground"]);
    expect(stderr.trim()).toBe("Cannot read the script playground: it is a folder, not a file.");
    expect(code).toBe(2);
  });

  it("names a --port another program listens on in one line, before starting anything, and exits 2", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen({ host: "127.0.0.1", port: 0 }, resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stdout, stderr } = await runPlaygroundMain([`--port=${String(port)}`]);
      expect(stderr.trim()).toBe(
        `Port ${String(port)} is in use: choose another with --port=N, or leave --port out for a free one.`,
      );
      expect(stdout).not.toContain("Starting");
      expect(code).toBe(2);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
