// `npm run commands:deploy` as an operator first runs it, as a real process against the fake Discord on
// 127.0.0.1: missing settings point at .env.example as `npm start` does, and a token Discord refuses is named
// by its variable, never printed.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeDiscord, type FakeDiscord } from "../../fake-discord/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

function runDeploy(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/deploy-commands.ts"],
      { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe("npm run commands:deploy", () => {
  let fake: FakeDiscord | undefined;

  beforeAll(async () => {
    fake = await createFakeDiscord();
  });

  afterAll(async () => {
    await fake?.close();
  });

  it("lists the missing settings and points at .env.example", async () => {
    const { code, stderr } = await runDeploy({});
    expect(code).toBe(1);
    expect(stderr).toContain("DISCORD_TOKEN: required but not set");
    expect(stderr).toContain("DISCORD_APPLICATION_ID: required but not set");
    expect(stderr).toContain("See .env.example for every setting.");
  });

  it("names DISCORD_TOKEN when Discord refuses the token, without printing it", async () => {
    const { code, stderr } = await runDeploy({
      DISCORD_TOKEN: "not-the-bot-token",
      DISCORD_APPLICATION_ID: fake?.applicationId ?? "",
      DISCORD_API_URL: fake?.apiUrl ?? "",
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      "Could not register commands: Discord refused DISCORD_TOKEN (401 Unauthorized). Copy the bot's token " +
        "from the developer portal (Bot → Reset Token).",
    );
  });

  it("registers with the right token, then finds nothing to do", async () => {
    const env = {
      DISCORD_TOKEN: fake?.botToken ?? "",
      DISCORD_APPLICATION_ID: fake?.applicationId ?? "",
      DISCORD_API_URL: fake?.apiUrl ?? "",
    };
    expect((await runDeploy(env)).stdout).toMatch(/^Registered \d+ commands globally\./);
    expect((await runDeploy(env)).stdout).toContain("Commands unchanged globally; nothing to do.");
  });
});
