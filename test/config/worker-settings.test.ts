import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { minimal, problemsOf } from "./support/config-problems.js";

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

describe("the workers' intervals and the data's grace", () => {
  it("reads the outbox lease in seconds, 60 by default, and refuses one outside 5–300", () => {
    expect(loadConfig(minimal).outbox.leaseMs).toBe(60_000);
    expect(loadConfig({ ...minimal, OUTBOX_LEASE_SECONDS: "" }).outbox.leaseMs).toBe(60_000);
    expect(loadConfig({ ...minimal, OUTBOX_LEASE_SECONDS: " 5 " }).outbox.leaseMs).toBe(5000);
    expect(loadConfig({ ...minimal, OUTBOX_LEASE_SECONDS: "300" }).outbox.leaseMs).toBe(300_000);
    for (const [value, problem] of [
      ["4", "OUTBOX_LEASE_SECONDS: must be at least 5 seconds"],
      [
        "301",
        "OUTBOX_LEASE_SECONDS: must be at most 300 seconds (Discord remembers a nonce only a few minutes)",
      ],
      ["7.5", "OUTBOX_LEASE_SECONDS: must be a whole number of seconds"],
      ["a minute", "OUTBOX_LEASE_SECONDS: must be a whole number of seconds"],
    ] as const) {
      expect(problemsOf(() => loadConfig({ ...minimal, OUTBOX_LEASE_SECONDS: value }))).toEqual([problem]);
    }
  });

  it("keeps a removed server's data 30 days by default, and refuses a grace that is not a whole number of days", () => {
    const day = 24 * 60 * 60 * 1000;
    expect(loadConfig(minimal).guildDataGraceMs).toBe(30 * day);
    expect(loadConfig({ ...minimal, GUILD_DATA_GRACE_DAYS: "" }).guildDataGraceMs).toBe(30 * day);
    expect(loadConfig({ ...minimal, GUILD_DATA_GRACE_DAYS: " 7 " }).guildDataGraceMs).toBe(7 * day);
    for (const [value, problem] of [
      ["0", "GUILD_DATA_GRACE_DAYS: must be at least 1 day"],
      ["-3", "GUILD_DATA_GRACE_DAYS: must be at least 1 day"],
      ["1.5", "GUILD_DATA_GRACE_DAYS: must be a whole number of days"],
      ["a month", "GUILD_DATA_GRACE_DAYS: must be a whole number of days"],
    ] as const) {
      expect(problemsOf(() => loadConfig({ ...minimal, GUILD_DATA_GRACE_DAYS: value }))).toEqual([problem]);
    }
  });

  it("reads the tournament poll interval in seconds, 300 by default, and refuses one outside 1–86400", () => {
    expect(loadConfig(minimal).reminders.pollMs).toBe(300_000);
    expect(loadConfig({ ...minimal, TOURNAMENT_POLL_SECONDS: "" }).reminders.pollMs).toBe(300_000);
    expect(loadConfig({ ...minimal, TOURNAMENT_POLL_SECONDS: " 1 " }).reminders.pollMs).toBe(1000);
    expect(loadConfig({ ...minimal, TOURNAMENT_POLL_SECONDS: "86400" }).reminders.pollMs).toBe(86_400_000);
    for (const [value, problem] of [
      ["0", "TOURNAMENT_POLL_SECONDS: must be at least 1 second"],
      ["86401", "TOURNAMENT_POLL_SECONDS: must be at most 86400 seconds (a day)"],
      ["2.5", "TOURNAMENT_POLL_SECONDS: must be a whole number of seconds"],
      ["5m", "TOURNAMENT_POLL_SECONDS: must be a whole number of seconds"],
    ] as const) {
      expect(problemsOf(() => loadConfig({ ...minimal, TOURNAMENT_POLL_SECONDS: value }))).toEqual([problem]);
    }
  });
});
