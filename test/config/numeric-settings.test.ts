// Every numeric setting says what is wrong in plain words, as the other settings do (README.md, "Settings"),
// never zod's own wording ("Invalid input: expected number, received NaN", "Too small: …").
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

const numericSettings = [
  "PORT",
  "PLATFORM_TIMEOUT_MS",
  "METRICS_PORT",
  "SQLITE_MAX_SIZE_MB",
  "OUTBOX_LEASE_SECONDS",
  "OUTBOX_POLL_INTERVAL_MS",
  "DISCORD_GLOBAL_RATE_LIMIT",
  "DISCORD_PROXY_PORT",
  "GUILD_DATA_GRACE_DAYS",
  "GUILD_LIST_CHECK_SECONDS",
  "TOURNAMENT_POLL_SECONDS",
  "EVENT_DURATION_MINUTES",
  "HTTP_REQUEST_TIMEOUT_MS",
  "HTTP_CONNECTION_TIMEOUT_MS",
  "HTTP_KEEP_ALIVE_TIMEOUT_MS",
  "HTTP_MAX_CONNECTIONS",
  "SHARD_COUNT",
];

/** zod's default messages, which name types and comparisons rather than what the operator should write. */
const zodWording = /Invalid input|expected|received|Too small|Too big|NaN|>=|<=/;

function problemsFor(name: string, value: string): readonly string[] {
  try {
    loadConfig({ [name]: value }, "discord-proxy");
  } catch (error) {
    if (error instanceof ConfigError)
      return error.problems.filter((problem) => problem.startsWith(`${name}:`));
    throw error;
  }
  return [];
}

describe("numeric settings", () => {
  it.each(numericSettings)(
    "%s explains a value that is not a number, a fraction and one out of range",
    (name) => {
      for (const value of ["seventy", "1.5", "-1", "99999999999999999999"]) {
        const problems = problemsFor(name, value);
        expect(problems, `${name}=${value}`).not.toEqual([]);
        for (const problem of problems) expect(problem, `${name}=${value}`).not.toMatch(zodWording);
      }
    },
  );

  it("words PORT and PLATFORM_TIMEOUT_MS as the other settings", () => {
    expect(problemsFor("PORT", "seventy")).toEqual(["PORT: must be a port number"]);
    expect(problemsFor("PORT", "70000")).toEqual(["PORT: must be a port number from 0 to 65535"]);
    expect(problemsFor("PLATFORM_TIMEOUT_MS", "ten")).toEqual([
      "PLATFORM_TIMEOUT_MS: must be a whole number of milliseconds",
    ]);
    expect(problemsFor("PLATFORM_TIMEOUT_MS", "50")).toEqual([
      "PLATFORM_TIMEOUT_MS: must be at least 100 ms",
    ]);
    expect(problemsFor("PLATFORM_TIMEOUT_MS", "200000")).toEqual([
      "PLATFORM_TIMEOUT_MS: must be at most 120000 ms (2 minutes)",
    ]);
  });
});
