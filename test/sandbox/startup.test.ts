import { afterEach, describe, expect, it } from "vitest";
import { SandboxSettingsError } from "../../sandbox/settings-error.js";
import { loadSandboxSettings } from "../../sandbox/config.js";
import type { Sandbox } from "../../sandbox/sandbox.js";
import { startSandbox } from "../../sandbox/start.js";

let running: Sandbox | undefined;
afterEach(async () => {
  await running?.close();
});

describe("settings", () => {
  it("defaults to port 4010, shape A and time scale 1", () => {
    const settings = loadSandboxSettings({});
    expect(settings.port).toBe(4010);
    expect(settings.options).toMatchObject({
      shape: "A",
      timeScale: 1,
      autoApprove: false,
      webhookPatch: "supported",
      signatureForm: "prefixed",
      listPageCap: 100,
      rateLimits: { limit: 1000, windowSeconds: 3600, code: "RATE_LIMIT_EXCEEDED" },
    });
    expect(settings.options.keys).toBeUndefined();
  });

  it("reads SANDBOX_PORT, SANDBOX_KEYS, SANDBOX_SHAPE, SANDBOX_TIME_SCALE and the webhook and rate-limit forms", () => {
    const settings = loadSandboxSettings({
      SANDBOX_PORT: "4999",
      SANDBOX_KEYS: "read:KEY1,write:KEY2,admin:KEY3",
      SANDBOX_SHAPE: "B",
      SANDBOX_TIME_SCALE: "60",
      SANDBOX_WEBHOOK_PATCH: "405",
      SANDBOX_SIGNATURE_FORM: "bare",
      SANDBOX_RATE_LIMIT_CODE: "RATE_LIMITED",
      SANDBOX_LIST_PAGE_CAP: "25",
    });
    expect(settings.port).toBe(4999);
    expect(settings.options).toMatchObject({
      keys: "read:KEY1,write:KEY2,admin:KEY3",
      shape: "B",
      timeScale: 60,
      webhookPatch: "405",
      signatureForm: "bare",
      listPageCap: 25,
      rateLimits: { code: "RATE_LIMITED" },
    });
    expect(() => loadSandboxSettings({ SANDBOX_LIST_PAGE_CAP: "101" })).toThrow(/SANDBOX_LIST_PAGE_CAP/);
  });

  it("counts the API reference's operation limits unless SANDBOX_OPERATION_LIMITS is off", () => {
    const operations = (env: Record<string, string>) =>
      loadSandboxSettings(env).options.rateLimits?.operations?.map((operation) => operation.name);
    expect(operations({})).toEqual(["battle submissions", "tournament registration", "team operations"]);
    expect(operations({ SANDBOX_OPERATION_LIMITS: "off" })).toEqual([]);
    expect(() => loadSandboxSettings({ SANDBOX_OPERATION_LIMITS: "some" })).toThrow(
      /SANDBOX_OPERATION_LIMITS/,
    );
  });

  it("reports every bad setting by name without echoing keys", () => {
    const attempt = (): unknown =>
      loadSandboxSettings({ SANDBOX_KEYS: "owner:SECRETKEY", SANDBOX_SHAPE: "C" });
    expect(attempt).toThrow(SandboxSettingsError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as SandboxSettingsError).problems.join("\n");
      expect(problems).toContain("SANDBOX_SHAPE");
      expect(problems).toContain("SANDBOX_KEYS");
      expect(problems).not.toContain("SECRETKEY");
    }
    const keys = (): unknown => loadSandboxSettings({ SANDBOX_KEYS: "owner:SECRETKEY" });
    expect(keys).toThrow(/SANDBOX_KEYS/);
    expect(keys).not.toThrow(/SECRETKEY/);
  });
});

describe("startup", () => {
  it("prints where it listens, its keys and its OAuth client, and serves at once", async () => {
    let printed = "";
    const settings = loadSandboxSettings({
      SANDBOX_PORT: "0",
      SANDBOX_KEYS: "read:KEY1,write:KEY2,admin:KEY3",
      SANDBOX_OAUTH_CLIENT_SECRET: "client-secret-1",
      SANDBOX_LOG_LEVEL: "silent",
    });
    running = await startSandbox(settings, (text) => {
      printed += text;
    });
    expect(printed).toContain(`Platform sandbox listening on ${running.url}`);
    expect(printed).toContain(`PLATFORM_API_URL=${running.url}/v1`);
    expect(printed).toContain(`PLATFORM_AUTH_URL=${running.url}`);
    expect(printed).toMatch(/read\s+KEY1\s+alice/);
    expect(printed).toMatch(/write\s+KEY2\s+bob/);
    expect(printed).toMatch(/admin\s+KEY3\s+carol/);
    expect(printed).toContain("PLATFORM_CLIENT_ID=sandbox-bot");
    expect(printed).toContain("PLATFORM_CLIENT_SECRET=client-secret-1");
    expect(printed).toContain("http://localhost:3000/oauth/callback");
    const me = await fetch(`${running.url}/v1/users/me`, { headers: { authorization: "Bearer KEY2" } });
    expect(((await me.json()) as { username: string }).username).toBe("bob");
  });
});
