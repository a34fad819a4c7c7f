import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const minimal = {
  DISCORD_TOKEN: "bot-token",
  DISCORD_APPLICATION_ID: "123456789012345678",
  PLATFORM_API_URL: "https://platform.example/v1",
};

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("the workers' poll interval", () => {
  it("is 5 s by default and read in milliseconds", () => {
    expect(loadConfig(minimal).outbox.pollIntervalMs).toBe(5000);
    expect(loadConfig({ ...minimal, OUTBOX_POLL_INTERVAL_MS: " 250 " }).outbox.pollIntervalMs).toBe(250);
  });

  it.each([
    ["99", "OUTBOX_POLL_INTERVAL_MS: must be at least 100 ms"],
    ["60001", "OUTBOX_POLL_INTERVAL_MS: must be at most 60000 ms"],
    ["1.5", "OUTBOX_POLL_INTERVAL_MS: must be a whole number of milliseconds"],
    ["often", "OUTBOX_POLL_INTERVAL_MS: must be a whole number of milliseconds"],
  ])("refuses %j", (value, problem) => {
    expect(problemsOf(() => loadConfig({ ...minimal, OUTBOX_POLL_INTERVAL_MS: value }))).toEqual([problem]);
  });
});
