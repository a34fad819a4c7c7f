// The settings that take one of a few words (NODE_ENV, LOG_LEVEL, INTERACTIONS_MODE, and the platform's token
// request format): trimmed like every other setting, so a trailing space or the \r of an .env file saved with
// Windows line endings is no part of the word; blank reads as unset; a word off the list is still refused.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { minimal, problemsOf } from "./support/config-problems.js";

describe("settings that take one of a few words", () => {
  it("read the word whatever space or \\r surrounds it", () => {
    const config = loadConfig({
      ...minimal,
      NODE_ENV: "test ",
      LOG_LEVEL: "warn\r",
      INTERACTIONS_MODE: " http",
      DISCORD_PUBLIC_KEY: "a".repeat(64),
    });
    expect([config.nodeEnv, config.logLevel, config.discord.interactionsMode]).toEqual([
      "test",
      "warn",
      "http",
    ]);
  });

  it("take their default when blank", () => {
    const config = loadConfig({ ...minimal, NODE_ENV: "", LOG_LEVEL: " ", INTERACTIONS_MODE: "" });
    expect([config.nodeEnv, config.logLevel, config.discord.interactionsMode]).toEqual([
      "development",
      "info",
      "gateway",
    ]);
  });

  it("still refuse a word off their list, naming the setting", () => {
    const problems = problemsOf(() =>
      loadConfig({ ...minimal, LOG_LEVEL: "loud ", INTERACTIONS_MODE: "webhook" }),
    );
    expect(problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "INTERACTIONS_MODE",
      "LOG_LEVEL",
    ]);
  });
});
